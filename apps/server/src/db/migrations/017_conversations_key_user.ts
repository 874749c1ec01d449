import type { Kysely } from 'kysely';

/**
 * A conversation's row of one user by its key (issue 17): message search, led by the full-text
 * index, looks up "is this message's conversation mine?" once per match, which `conversations_key`
 * (conv_key alone) answered by reading every member's row of a group. The wider index serves all
 * that the old one did, so it replaces it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('conversations_key_user').on('conversations').columns(['conv_key', 'user_id']).execute();
  await db.schema.dropIndex('conversations_key').execute();
}
