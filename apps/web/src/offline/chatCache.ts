import Dexie, { type EntityTable } from 'dexie';
import type { ListState } from '../stores/conversationList.ts';
import { CHAT_CACHE_DB, type SavedThread } from './keep.ts';

export { CHAT_CACHE_DB, type SavedThread, THREAD_KEEP, threadToKeep } from './keep.ts';

/**
 * This device's copy of the chat list and the newest messages of each opened chat (IndexedDB
 * through Dexie), so that a start without a network shows them at once. One database for the
 * signed-in user; logout deletes it. Loaded, with Dexie, by `persistChats.ts` once it is needed.
 */

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
