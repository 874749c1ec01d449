import {
  DOC_FALLBACK_LANG,
  DOC_HTML_MAX,
  DOC_LANGS,
  DOC_LIST_MAX,
  DOC_SLUG_MAX,
  DOC_SLUG_PATTERN,
  DOC_TITLE_MAX,
  type DocArticle,
  type DocLang,
  type DocSummary,
  docLangOf,
  splitArticle,
} from '@parley/protocol';
import type { Db } from '../../db/index.ts';
import { fail } from '../../domainError.ts';
import { sanitizeRichText } from '../../richText.ts';
import { STARTER_SLUGS, starterDocs } from './starter.ts';
import { type DocRow, docsStore } from './store.ts';

/** A refusal of the admin command (told on the command line, never to app users). */
export class DocInputError extends Error {}

/** Gap between reading positions, so an article can later be put between two. */
const SORT_STEP = 10;

function asLang(row: { lang: string }): DocLang {
  return docLangOf(row.lang);
}

/** Help docs: read by signed-in users in their language (English otherwise), written by the admin command. */
export function docsService(db: Db) {
  const store = docsStore(db);
  const langsFor = (lang: string | undefined): string[] => [...new Set([docLangOf(lang), DOC_FALLBACK_LANG])];

  /** of several versions of one article, the reader's language, else English */
  function pick<T extends { lang: string }>(versions: T[], lang: DocLang): T | undefined {
    return versions.find((v) => v.lang === lang) ?? versions.find((v) => v.lang === DOC_FALLBACK_LANG);
  }

  function checkSlug(slug: string): string {
    if (slug.length > DOC_SLUG_MAX || !DOC_SLUG_PATTERN.test(slug)) {
      throw new DocInputError(`The slug must be lower-case letters, digits and hyphens (at most ${DOC_SLUG_MAX}), like getting-started.`);
    }
    return slug;
  }

  function checkLang(lang: string): DocLang {
    const known = DOC_LANGS.find((l) => l === lang);
    if (!known) throw new DocInputError(`The language must be one of ${DOC_LANGS.join(', ')}.`);
    return known;
  }

  return {
    async list(lang: string | undefined): Promise<DocSummary[]> {
      const want = docLangOf(lang);
      const rows = await store.list(langsFor(want), DOC_LIST_MAX * 2);
      const bySlug = new Map<string, typeof rows>();
      for (const row of rows) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row]);
      const out: DocSummary[] = [];
      for (const versions of bySlug.values()) {
        const v = pick(versions, want);
        if (v) out.push({ slug: v.slug, lang: asLang(v), title: v.title, updated_at: Number(v.updated_at) });
      }
      return out.slice(0, DOC_LIST_MAX);
    },

    async detail(slug: string, lang: string | undefined): Promise<DocArticle> {
      const want = docLangOf(lang);
      const v: DocRow | undefined = pick(await store.versions(slug, langsFor(want)), want);
      if (!v) throw fail('docs.notFound');
      return { slug: v.slug, lang: asLang(v), title: v.title, html: v.html, updated_at: Number(v.updated_at) };
    },

    /** Writes an article from a file's HTML (`<h1>Title</h1>` first); gives what was stored. */
    async set(slug: string, lang: string, fileHtml: string): Promise<{ slug: string; lang: DocLang; title: string; html: string }> {
      checkSlug(slug);
      const docLang = checkLang(lang);
      const parts = splitArticle(fileHtml);
      if (!parts) throw new DocInputError('The file must start with the title as <h1>Title</h1>.');
      if (parts.title.length > DOC_TITLE_MAX) throw new DocInputError(`The title is longer than ${DOC_TITLE_MAX} characters.`);
      const html = sanitizeRichText(parts.html);
      if (!html) throw new DocInputError('The article has no text after its title.');
      if (html.length > DOC_HTML_MAX) throw new DocInputError(`The article is longer than ${DOC_HTML_MAX} characters of HTML.`);
      const sort = (await store.sortOf(slug)) ?? (await store.lastSort()) + SORT_STEP;
      await store.put({ slug, lang: docLang, title: parts.title, html, sort }, Date.now());
      return { slug, lang: docLang, title: parts.title, html };
    },

    /** Removes an article (every language, or only `lang`); gives how many versions went. */
    async del(slug: string, lang?: string): Promise<number> {
      checkSlug(slug);
      return store.remove(slug, lang === undefined ? undefined : checkLang(lang), Date.now());
    },

    adminList: () => store.all(),

    /**
     * Writes the starter articles the database lacks; gives how many. At the first start (the table
     * has never held an article) that is all of them. On a database written before, it is the
     * versions in docs languages added since (an upgrade from en, zh, ja, ko gets zh-Hant, id, th,
     * fr, es and vi), for the starter articles whose English version is still live and as shipped:
     * their readers in those languages read that English until now, and now read its translation.
     * An article the admin removed stays removed, and one whose English the admin rewrote keeps
     * those readers on the admin's English (they get their language by `admin doc set`). A version
     * that exists, live or removed, is never written again. A start that finds every version
     * written reads no file and does not load the sanitizer.
     */
    async seed(): Promise<number> {
      const empty = await store.isEmpty();
      const rows = empty ? [] : await store.versionsOf([...STARTER_SLUGS]);
      const key = (slug: string, lang: string) => `${slug} ${lang}`;
      const stored = new Map(rows.map((r) => [key(r.slug, r.lang), r]));
      if (!empty && STARTER_SLUGS.every((slug) => DOC_LANGS.every((lang) => stored.has(key(slug, lang))))) return 0;
      const docs = starterDocs().map((d) => {
        const parts = splitArticle(d.file);
        if (!parts) throw new Error(`starter article ${d.slug}.${d.lang} has no <h1> title`);
        return { slug: d.slug, lang: d.lang, title: parts.title, html: parts.html, sort: d.sort };
      });
      const shipped = new Map(docs.filter((d) => d.lang === DOC_FALLBACK_LANG).map((d) => [d.slug, d]));
      const missing = empty
        ? docs
        : docs.flatMap((d) => {
            if (stored.has(key(d.slug, d.lang))) return [];
            const en = stored.get(key(d.slug, DOC_FALLBACK_LANG));
            const asShipped = shipped.get(d.slug);
            // (a starter article passes the sanitizer unchanged, docs.test.ts: the stored English is the file's)
            const untouched = en && Number(en.removed) === 0 && asShipped && en.title === asShipped.title && en.html === asShipped.html;
            // placed where the English version is read
            return untouched ? [{ ...d, sort: Number(en.sort) }] : [];
          });
      await store.putMissing(
        missing.map((d) => ({ ...d, html: sanitizeRichText(d.html) })),
        Date.now(),
      );
      return missing.length;
    },
  };
}
export type DocsService = ReturnType<typeof docsService>;
