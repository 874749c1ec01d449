import { isPending } from '../stores/messageList.ts';
import type { Thread } from '../stores/messages.ts';

/** What this device keeps of the chats (written by `chatCache.ts`), without Dexie: the first screen needs only this. */

/** The IndexedDB database of this device's copy of the chats. */
export const CHAT_CACHE_DB = 'parley-offline';

/** Messages kept per chat: what the first screen of a chat shows, and a little more. */
export const THREAD_KEEP = 50;

export type SavedThread = Pick<Thread, 'items' | 'hasOlder' | 'syncedMsgId'>;

/** The newest settled messages of a thread (messages still being sent live in the outbox, not here). */
export function threadToKeep(t: Thread): SavedThread {
  const settled = t.items.filter((m) => !isPending(m) && typeof m.msg_id === 'number' && m.msg_id > 0);
  const items = settled.slice(-THREAD_KEEP);
  return { items, hasOlder: t.hasOlder || items.length < settled.length, syncedMsgId: t.syncedMsgId };
}
