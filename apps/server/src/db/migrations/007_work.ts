import type { Kysely } from 'kysely';
import { type Dialect, idColumn, idConstraints } from './helpers.ts';

/** The work area: goods, business-record form definitions, records and their share proportions. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('goods')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('price_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pictures', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('goods_category').on('goods').columns(['removed', 'category']).execute();

  await db.schema
    .createTable('crm_forms')
    .addColumn('type', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('crm_records')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('creator_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('good_id', 'integer')
    .addColumn('amount_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('stage', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('won_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('crm_records_creator').on('crm_records').columns(['type', 'creator_id']).execute();
  await db.schema.createIndex('crm_records_won').on('crm_records').columns(['stage', 'won_at', 'good_id']).execute();

  await db.schema
    .createTable('crm_shares')
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** hundredths of a percent point: 40 % is 4000 */
    .addColumn('proportion_x100', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('crm_shares_pk', ['record_id', 'user_id'])
    .execute();
  await db.schema.createIndex('crm_shares_user').on('crm_shares').columns(['user_id', 'record_id']).execute();
}
