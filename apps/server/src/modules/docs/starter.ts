import fs from 'node:fs';
import { DOC_LANGS, type DocLang } from '@parley/protocol';

/** The starter help articles shipped with Parley, in reading order; files `starter/<slug>.<lang>.html`. */
export const STARTER_SLUGS = ['getting-started', 'chats', 'groups', 'wallet', 'calls', 'privacy'] as const;

const DIR = new URL('./starter/', import.meta.url);

export interface StarterDoc {
  slug: string;
  lang: DocLang;
  sort: number;
  /** the file as written: `<h1>Title</h1>` then the body */
  file: string;
}

/** Every starter article in every docs language. */
export function starterDocs(): StarterDoc[] {
  return STARTER_SLUGS.flatMap((slug, i) =>
    DOC_LANGS.map((lang) => ({ slug, lang, sort: (i + 1) * 10, file: fs.readFileSync(new URL(`${slug}.${lang}.html`, DIR), 'utf8') })),
  );
}
