import { type Kysely, sql } from 'kysely';
import { type Dialect, idColumn, idConstraints } from './helpers.ts';

/** Wallets, the double-entry ledger, recharge/withdraw requests and red packets (issue 10). */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('wallets')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn('pay_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('must_change', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pay_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ledger_txns')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('txn_id', 'integer', (c) => c.notNull())
    .addColumn('account', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account', 'id']).execute();
  await db.schema.createIndex('ledger_entries_txn').on('ledger_entries').columns(['txn_id']).execute();

  await db.schema
    .createTable('wallet_requests')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    // 0 while a decision made outside the server (the admin command) still has to be pushed
    .addColumn('notified', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('wallet_requests_user').on('wallet_requests').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('wallet_requests_status').on('wallet_requests').columns(['status', 'id']).execute();
  await db.schema.createIndex('wallet_requests_notified').on('wallet_requests').columns(['notified']).execute();

  await db.schema
    .createTable('red_packets')
    .addColumn('msg_id', 'bigint', (c) => c.primaryKey())
    .addColumn('sender_id', 'integer', (c) => c.notNull())
    .addColumn('is_group', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer')
    .addColumn('to_user', 'integer')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('claimed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('blessing', 'varchar(255)', (c) => c.notNull())
    .addColumn('cover', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('red_packets_due').on('red_packets').columns(['status', 'expires_at']).execute();
  await db.schema.createIndex('red_packets_sender').on('red_packets').columns(['sender_id', 'created_at']).execute();

  await db.schema
    .createTable('red_packet_shares')
    .addColumn('packet_id', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'integer')
    .addColumn('claimed_at', 'bigint')
    .addPrimaryKeyConstraint('red_packet_shares_pk', ['packet_id', 'seq'])
    .execute();
  // nobody claims twice (NULLs, the unclaimed shares, are distinct in both dialects)
  await db.schema
    .createIndex('red_packet_shares_claimer')
    .on('red_packet_shares')
    .columns(['packet_id', 'claimed_by'])
    .unique()
    .execute();
  await db.schema.createIndex('red_packet_shares_mine').on('red_packet_shares').columns(['claimed_by', 'claimed_at']).execute();
}
