import type { Kysely } from 'kysely';

/**
 * Large groups (issue 17): the member list pages in its display order (owner, admins, then by
 * joining) by walking this index instead of sorting up to 10,000 members for every page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('group_members_order')
    .on('group_members')
    .columns(['group_id', 'role', 'joined_at', 'user_id'])
    .execute();
}
