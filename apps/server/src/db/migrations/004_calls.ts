import type { Kysely } from 'kysely';
import type { Dialect } from './helpers.ts';

/**
 * Calls: each call's state (so that every node and every rule sees the same call), and one line
 * per user on a call, whose primary key makes "one active call per user" atomic on both dialects.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('calls')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('caller_id', 'integer', (c) => c.notNull())
    .addColumn('callee_id', 'integer', (c) => c.notNull())
    .addColumn('media', 'varchar(8)', (c) => c.notNull())
    .addColumn('state', 'varchar(8)', (c) => c.notNull())
    .addColumn('caller_client', 'varchar(64)', (c) => c.notNull())
    .addColumn('callee_client', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ring_deadline', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('outcome', 'varchar(16)')
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('msg_id', 'bigint')
    .execute();
  await db.schema.createIndex('calls_caller_client').on('calls').columns(['caller_client']).execute();
  await db.schema.createIndex('calls_callee_client').on('calls').columns(['callee_client']).execute();

  await db.schema
    .createTable('call_lines')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('call_id', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('call_lines_call').on('call_lines').columns(['call_id']).execute();
}
