import type { Kysely } from 'kysely';

/**
 * Help docs (`#/pages/mine/doc`): one row per article and language, sanitized HTML. The starter set
 * is written by the docs module at first start; a deleted article keeps a `removed` row so it
 * does not come back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('docs')
    .addColumn('slug', 'varchar(60)', (c) => c.notNull())
    .addColumn('lang', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    /** reading order of the list (smaller first) */
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('docs_pk', ['slug', 'lang'])
    .execute();
  await db.schema.createIndex('docs_lang_order').on('docs').columns(['lang', 'removed', 'sort']).execute();
}
