import type { Kysely } from 'kysely';
import { type Dialect, idColumn, idConstraints } from './helpers.ts';

/**
 * Favorites (a copy of the kept message, so it outlives the chat) and stickers (custom emoji:
 * a picture per row, `sort` larger = nearer the front).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('favorites')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('msg_id', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('file_id', 'integer')
    /** lower-cased text, file name and sender, for the keyword search */
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('favorites_user').on('favorites').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('favorites_user_kind').on('favorites').columns(['user_id', 'kind', 'id']).execute();
  await db.schema.createIndex('favorites_user_msg').on('favorites').columns(['user_id', 'msg_id']).unique().execute();
  await db.schema.createIndex('favorites_file').on('favorites').columns(['file_id', 'user_id']).execute();

  await db.schema
    .createTable('stickers')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('sort', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stickers_user_file').on('stickers').columns(['user_id', 'file_id']).unique().execute();
  await db.schema.createIndex('stickers_user_sort').on('stickers').columns(['user_id', 'sort']).execute();
}
