import { type Kysely, sql } from 'kysely';

/**
 * Messages that mention someone, by conversation (issue 17). The chat list counts each chat's unread
 * mentions and "my mentions" lists them; both now name `"at" <> '[]'`, so each seeks this index,
 * which holds the few messages with mentions, instead of reading every unread message of the chat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('messages_mentions')
    .on('messages')
    .columns(['conv_key', 'msg_id'])
    .where(sql.ref('at'), '<>', '[]')
    .execute();
}
