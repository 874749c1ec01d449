import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { DocsTable } from '../../db/schema.ts';

export type DocRow = Selectable<DocsTable>;
export interface DocInput {
  slug: string;
  lang: string;
  title: string;
  html: string;
  sort: number;
}

/** SQL of the help docs (index docs_lang_order and the (slug, lang) key serve every query). */
export function docsStore(db: Db) {
  return {
    /** live articles in any of `langs`, reading order, at most `limit` rows */
    list: (langs: string[], limit: number) =>
      db
        .selectFrom('docs')
        .select(['slug', 'lang', 'title', 'sort', 'updated_at'])
        .where('lang', 'in', langs)
        .where('removed', '=', 0)
        .orderBy('sort')
        .orderBy('slug')
        .limit(limit)
        .execute(),
    /** one article's live versions in `langs` */
    versions: (slug: string, langs: string[]) =>
      db.selectFrom('docs').selectAll().where('slug', '=', slug).where('lang', 'in', langs).where('removed', '=', 0).execute(),
    /** the reading position of a slug (any language, removed or not), or null when new */
    async sortOf(slug: string): Promise<number | null> {
      const row = await db.selectFrom('docs').select('sort').where('slug', '=', slug).orderBy('lang').limit(1).executeTakeFirst();
      return row ? Number(row.sort) : null;
    },
    async lastSort(): Promise<number> {
      const row = await db.selectFrom('docs').select((eb) => eb.fn.max<number>('sort').as('m')).executeTakeFirst();
      return Number(row?.m ?? 0);
    },
    /** every version of `slugs`, live or removed (what the starter set finds written) */
    versionsOf: (slugs: string[]) =>
      db.selectFrom('docs').select(['slug', 'lang', 'title', 'html', 'sort', 'removed']).where('slug', 'in', slugs).execute(),
    async isEmpty(): Promise<boolean> {
      return (await db.selectFrom('docs').select('slug').limit(1).executeTakeFirst()) === undefined;
    },
    async put(doc: DocInput, now: number): Promise<void> {
      await db
        .insertInto('docs')
        .values({ ...doc, removed: 0, updated_at: now })
        .onConflict((oc) => oc.columns(['slug', 'lang']).doUpdateSet({ title: doc.title, html: doc.html, sort: doc.sort, removed: 0, updated_at: now }))
        .execute();
    },
    /** writes the rows that do not exist yet (the starter set; several nodes may start at once) */
    async putMissing(docs: DocInput[], now: number): Promise<void> {
      if (docs.length === 0) return;
      await db
        .insertInto('docs')
        .values(docs.map((d) => ({ ...d, removed: 0, updated_at: now })))
        .onConflict((oc) => oc.columns(['slug', 'lang']).doNothing())
        .execute();
    },
    /** marks an article removed (every language, or one); gives how many versions it removed */
    async remove(slug: string, lang: string | undefined, now: number): Promise<number> {
      let q = db.updateTable('docs').set({ removed: 1, html: '', updated_at: now }).where('slug', '=', slug).where('removed', '=', 0);
      if (lang) q = q.where('lang', '=', lang);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    /** every live version (the admin's list) */
    all: () =>
      db.selectFrom('docs').select(['slug', 'lang', 'title', 'sort', 'updated_at']).where('removed', '=', 0).orderBy('sort').orderBy('slug').orderBy('lang').execute(),
  };
}
