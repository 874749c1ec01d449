import type { Kysely } from 'kysely';
import { type Dialect, idColumn, idConstraints } from './helpers.ts';

/**
 * Moments: posts (media as JSON: file id, kind, duration), the chosen readers of a post, likes,
 * comments, the new-activity notices of each user and each user's cover picture.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('moments')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('media', 'text', (c) => c.notNull())
    .addColumn('location', 'varchar(100)')
    .addColumn('visibility', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moments_author').on('moments').columns(['author_id', 'id']).execute();

  await db.schema
    .createTable('moment_readers')
    .addColumn('moment_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('moment_readers_pk', ['moment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('moment_files')
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('moment_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('moment_files_pk', ['file_id', 'moment_id'])
    .execute();

  await db.schema
    .createTable('moment_likes')
    .addColumn('moment_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('moment_likes_pk', ['moment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('moment_comments')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('moment_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('reply_to', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moment_comments_moment').on('moment_comments').columns(['moment_id', 'id']).execute();

  await db.schema
    .createTable('moment_notices')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('from_user', 'integer', (c) => c.notNull())
    .addColumn('moment_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moment_notices_user').on('moment_notices').columns(['user_id', 'read', 'id']).execute();
  await db.schema.createIndex('moment_notices_moment').on('moment_notices').columns(['moment_id']).execute();

  await db.schema
    .createTable('moment_covers')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
