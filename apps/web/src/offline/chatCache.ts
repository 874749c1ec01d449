import Dexie, { type EntityTable } from 'dexie';
import type { ListState } from '../stores/conversationList.ts';
import { isPending } from '../stores/messageList.ts';
import type { Thread } from '../stores/messages.ts';

/**
 * This device's copy of the chat list and the newest messages of each opened chat (IndexedDB
 * through Dexie), so that a start without a network shows them at once. One database for the
 * signed-in user; logout deletes it.
 */

export const CHAT_CACHE_DB = 'parley-offline';

/** Messages kept per chat: what the first screen of a chat shows, and a little more. */
export const THREAD_KEEP = 50;

export type SavedThread = Pick<Thread, 'items' | 'hasOlder' | 'syncedMsgId'>;

interface ListRow extends ListState {
  userId: string;
}

interface ThreadRow extends SavedThread {
  /** `${userId}:${contactId}` */
  key: string;
  userId: string;
  contactId: string;
}

class ChatCacheDb extends Dexie {
  lists!: EntityTable<ListRow, 'userId'>;
  threads!: EntityTable<ThreadRow, 'key'>;

  constructor() {
    super(CHAT_CACHE_DB);
    this.version(1).stores({ lists: 'userId', threads: 'key, userId' });
  }
}

let db: ChatCacheDb | null = null;
const open = (): ChatCacheDb => {
  db ??= new ChatCacheDb();
  return db;
};

/** The newest settled messages of a thread (messages still being sent live in the outbox, not here). */
export function threadToKeep(t: Thread): SavedThread {
  const settled = t.items.filter((m) => !isPending(m) && typeof m.msg_id === 'number' && m.msg_id > 0);
  const items = settled.slice(-THREAD_KEEP);
  return { items, hasOlder: t.hasOlder || items.length < settled.length, syncedMsgId: t.syncedMsgId };
}

export async function saveList(userId: string, state: ListState): Promise<void> {
  await open().lists.put({ userId, contacts: state.contacts, systemUnread: state.systemUnread });
}

export async function saveThreads(userId: string, threads: Map<string, SavedThread>): Promise<void> {
  await open().threads.bulkPut([...threads].map(([contactId, t]) => ({ key: `${userId}:${contactId}`, userId, contactId, ...t })));
}

export async function readSaved(userId: string): Promise<{ list: ListState | undefined; threads: ThreadRow[] }> {
  const [list, threads] = await Promise.all([open().lists.get(userId), open().threads.where('userId').equals(userId).toArray()]);
  return { list, threads };
}

/** Logout: nothing of this user stays on the device. */
export async function deleteChatCache(): Promise<void> {
  const current = db;
  db = null;
  current?.close();
  await Dexie.delete(CHAT_CACHE_DB);
}
