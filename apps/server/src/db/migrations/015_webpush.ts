import type { Kysely } from 'kysely';
import { type Dialect, idColumn, idConstraints } from './helpers.ts';

/**
 * Web Push: the browsers' push subscriptions (one row per push-service endpoint, owned by the user
 * and session that made it last) and each user's push settings (no row: the defaults).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('session_id', 'integer', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
    .addColumn('auth', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_endpoint').on('push_subscriptions').column('endpoint').unique().execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('push_subscriptions_session').on('push_subscriptions').column('session_id').execute();

  await db.schema
    .createTable('push_settings')
    .addColumn('user_id', 'integer', (c) => c.notNull().primaryKey())
    .addColumn('preview', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
