import fs from 'node:fs';
import path from 'node:path';
import { DOC_LANGS } from '@parley/protocol';
import { DocInputError, type DocsService } from './service.ts';

export const DOC_USAGE = `  parley admin doc list [--lang LANG]
                                    list the help articles (slug, language, title)
  parley admin doc set SLUG FILE.html [--lang LANG]
                                    write an article from FILE.html (<h1>Title</h1> first); the
                                    language is --lang, else the file name's (name.zh.html), else en
  parley admin doc del SLUG [--lang LANG]
                                    remove an article (every language, or only LANG)
                                    LANG is one of ${DOC_LANGS.join(', ')}`;

/** `--lang xx` taken out of the arguments. */
function takeLang(args: string[]): { rest: string[]; lang?: string } {
  const at = args.indexOf('--lang');
  if (at < 0) return { rest: args };
  const lang = args[at + 1];
  if (!lang) throw new DocInputError('Give the language after --lang.');
  return { rest: [...args.slice(0, at), ...args.slice(at + 2)], lang };
}

/** The language a file name gives (`privacy.zh.html` → zh), if it names one. */
function langOfFile(file: string): string | undefined {
  const parts = path.basename(file).split('.');
  const lang = parts.length >= 3 ? parts[parts.length - 2] : undefined;
  return DOC_LANGS.find((l) => l === lang);
}

function readHtml(file: string | undefined): string {
  if (!file) throw new DocInputError(`Usage:\n${DOC_USAGE}`);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new DocInputError(`Cannot read ${file}: ${(err as Error).message}`);
  }
}

/** `admin doc …`: gives the lines to print; throws a readable error. */
export async function docAdmin(docs: DocsService, args: string[]): Promise<string> {
  const { rest, lang } = takeLang(args);
  const [verb, slug, file] = rest;
  await docs.seed();
  if (verb === 'list' && !slug) {
    const rows = (await docs.adminList()).filter((r) => !lang || r.lang === lang);
    if (rows.length === 0) return 'No help articles.';
    return rows.map((r) => `${r.slug}\t${r.lang}\t${r.title}\t${new Date(Number(r.updated_at)).toISOString()}`).join('\n');
  }
  if (verb === 'set' && slug && file && rest.length === 3) {
    const html = readHtml(file);
    const saved = await docs.set(slug, lang ?? langOfFile(file) ?? 'en', html);
    return `Saved ${saved.slug} (${saved.lang}): ${saved.title}`;
  }
  if (verb === 'del' && slug && rest.length === 2) {
    const n = await docs.del(slug, lang);
    if (n === 0) throw new DocInputError(`There is no article ${slug}${lang ? ` in ${lang}` : ''}.`);
    return `Removed ${slug} (${n} version${n === 1 ? '' : 's'}).`;
  }
  throw new DocInputError(`Usage:\n${DOC_USAGE}`);
}
