import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';
import type { ListState } from '../stores/conversationList.ts';
import { isPending } from '../stores/messageList.ts';
import type { Thread } from '../stores/messages.ts';

/**
 * This device's copy of the chat list and the newest messages of each opened chat (IndexedDB
 * through idb), so that a start without a network shows them at once. One database for the
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

interface ChatCacheSchema extends DBSchema {
  lists: { key: string; value: ListRow };
  threads: { key: string; value: ThreadRow; indexes: { userId: string } };
}

/** 10: the version Dexie gave the same two stores (its schema version 1, times 10), so a device's copy made before stays readable. */
const VERSION = 10;

let db: Promise<IDBPDatabase<ChatCacheSchema>> | null = null;

/** The open database; a failed opening is tried again at the next use, and another tab's deletion (logout) closes it. */
function open(): Promise<IDBPDatabase<ChatCacheSchema>> {
  if (db) return db;
  const opening = openDB<ChatCacheSchema>(CHAT_CACHE_DB, VERSION, {
    upgrade(database) {
      if (!database.objectStoreNames.contains('lists')) database.createObjectStore('lists', { keyPath: 'userId' });
      if (!database.objectStoreNames.contains('threads')) database.createObjectStore('threads', { keyPath: 'key' }).createIndex('userId', 'userId');
    },
    blocking() {
      if (db === opening) db = null;
      void opening.then((database) => database.close());
    },
  });
  db = opening;
  opening.catch(() => {
    if (db === opening) db = null;
  });
  return opening;
}

/** The newest settled messages of a thread (messages still being sent live in the outbox, not here). */
export function threadToKeep(t: Thread): SavedThread {
  const settled = t.items.filter((m) => !isPending(m) && typeof m.msg_id === 'number' && m.msg_id > 0);
  const items = settled.slice(-THREAD_KEEP);
  return { items, hasOlder: t.hasOlder || items.length < settled.length, syncedMsgId: t.syncedMsgId };
}

export async function saveList(userId: string, state: ListState): Promise<void> {
  await (await open()).put('lists', { userId, contacts: state.contacts, systemUnread: state.systemUnread });
}

export async function saveThreads(userId: string, threads: Map<string, SavedThread>): Promise<void> {
  const tx = (await open()).transaction('threads', 'readwrite');
  await Promise.all([
    ...[...threads].map(([contactId, t]) => tx.store.put({ key: `${userId}:${contactId}`, userId, contactId, ...t })),
    tx.done,
  ]);
}

export async function readSaved(userId: string): Promise<{ list: ListState | undefined; threads: ThreadRow[] }> {
  const database = await open();
  const [list, threads] = await Promise.all([database.get('lists', userId), database.getAllFromIndex('threads', 'userId', userId)]);
  return { list, threads };
}

/** Logout: nothing of this user stays on the device. */
export async function deleteChatCache(): Promise<void> {
  const current = db;
  db = null;
  (await current?.catch(() => null))?.close();
  await deleteDB(CHAT_CACHE_DB);
}
