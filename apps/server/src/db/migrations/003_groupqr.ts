import type { Kysely } from 'kysely';
import type { Dialect } from './helpers.ts';

/**
 * Group QR codes (issue 9): `groups.qr_epoch` is signed into every code, so raising it (reset)
 * revokes them all; `group_removals` remembers who was removed, who then needs a fresh invitation.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('groups')
    .addColumn('qr_epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('group_removals')
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('removed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_removals_pk', ['group_id', 'user_id'])
    .execute();
}
