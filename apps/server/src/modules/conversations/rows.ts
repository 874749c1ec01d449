import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ConversationsTable } from '../../db/schema.ts';

/** A fresh chat-list row: notifications on, nothing read, pinned, cleared or hidden. */
export function newConversationRow(
  userId: number,
  contactId: string,
  convKey: string,
  now = Date.now(),
): Insertable<ConversationsTable> {
  return {
    user_id: userId,
    contact_id: contactId,
    conv_key: convKey,
    is_top: 0,
    is_notice: 1,
    read_msg_id: 0,
    read_at_msg_id: 0,
    cleared_msg_id: 0,
    hidden_msg_id: 0,
    updated_at: now,
  };
}

/**
 * Makes sure `userId` has a chat-list row for `contactId` (idempotent); `unhide` shows it again
 * after a delChat. Used by friends (on agreeing), groups (on joining) and messages (on delivery).
 *
 * Hiding (delChat) stores in `hidden_msg_id` a msg_id larger than every existing message; the row is
 * listed again as soon as its newest visible message has an id ≥ that, so delivery never has to
 * touch the rows of a group's members. `hidden_msg_id = 0` means shown.
 */
export async function ensureConversation(
  db: Db,
  userId: number,
  contactId: string,
  convKey: string,
  opts: { unhide?: boolean } = {},
): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('conversations')
    .values(newConversationRow(userId, contactId, convKey, now))
    .onConflict((oc) =>
      opts.unhide ? oc.columns(['user_id', 'contact_id']).doUpdateSet({ hidden_msg_id: 0, updated_at: now }) : oc.doNothing(),
    )
    .execute();
}

export async function removeConversation(db: Db, userId: number, contactId: string): Promise<void> {
  await db.deleteFrom('conversations').where('user_id', '=', userId).where('contact_id', '=', contactId).execute();
}
