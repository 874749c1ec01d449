import { parseGroupContactId } from '@parley/protocol';
import type { RequestOptions } from '../api/client.ts';
import { clearGroupMessages } from '../api/groups.ts';
import { type Bit, clearMessage, delChat, isNotice, setChatTop, setMsgIsRead } from '../api/messages.ts';
import { runGroupCall } from '../pages/message/group/groupCall.ts';
import type { ConversationRow } from './conversationList.ts';
import { useConversations } from './conversations.ts';
import { isPending } from './messageList.ts';
import { useMessages } from './messages.ts';

/**
 * What the chat list, the chat-info page and the chat screen do to a conversation: the server
 * call plus the local list, optimistic where the answer is near certain (rolled back on refusal;
 * the API client has already told the user why).
 */

type RowRef = Pick<ConversationRow, 'id' | 'is_group'>;

const bitOf = (v: unknown): Bit => (v ? 1 : 0);
const list = () => useConversations.getState();

/** Marks the conversation read here and on the server (the sender of a private chat sees "read"). */
export async function markConversationRead(row: RowRef, options?: RequestOptions): Promise<void> {
  list().markRead(row.id);
  await setMsgIsRead(row.id, bitOf(row.is_group), options).catch(() => undefined);
}

async function optimistic(apply: () => void, undo: () => void, call: () => Promise<unknown>): Promise<boolean> {
  apply();
  try {
    await call();
    return true;
  } catch {
    undo();
    return false;
  }
}

export function pinConversation(id: ConversationRow['id'], isTop: boolean): Promise<boolean> {
  const before = list().contacts.find((c) => String(c.id) === String(id))?.is_top ?? 0;
  return optimistic(
    () => list().setTop(id, bitOf(isTop)),
    () => list().setTop(id, before),
    () => setChatTop(id, bitOf(isTop)),
  );
}

/** Do-not-disturb on = notifications off (`is_notice` 0). */
export function setDoNotDisturb(id: ConversationRow['id'], quiet: boolean): Promise<boolean> {
  const before = list().contacts.find((c) => String(c.id) === String(id))?.is_notice ?? 1;
  return optimistic(
    () => list().setNotice(id, quiet ? 0 : 1),
    () => list().setNotice(id, before),
    () => isNotice(id, quiet ? 0 : 1),
  );
}

/** Removes the row from my list (the server keeps the messages; a newer one brings it back). */
export async function deleteConversation(id: ConversationRow['id']): Promise<boolean> {
  try {
    await delChat(id);
  } catch {
    return false;
  }
  list().remove(id);
  return true;
}

/** Forgets the cached messages of a conversation up to `msgId` (its history was cleared). */
export function forgetMessagesThrough(contactId: string, msgId = Number.MAX_SAFE_INTEGER): void {
  useMessages.setState((s) => {
    const thread = s.byContact[contactId];
    if (!thread) return s;
    const items = thread.items.filter((m) => isPending(m) || m.msg_id > msgId);
    if (items.length === thread.items.length) return s;
    return { byContact: { ...s.byContact, [contactId]: { ...thread, items, hasOlder: false } } };
  });
}

/** Clears the history for me (groups: for every member when `forAll`, the owner only). */
export async function clearHistory(row: RowRef, forAll = false): Promise<boolean> {
  const groupId = parseGroupContactId(row.id);
  try {
    if (row.is_group && groupId) {
      if ((await runGroupCall(clearGroupMessages(groupId, forAll))) === null) return false;
    } else await clearMessage(row.id);
  } catch {
    return false;
  }
  forgetMessagesThrough(String(row.id));
  list().applyCleared(row.id, Number.MAX_SAFE_INTEGER);
  return true;
}
