import { type ListState, visibleRows } from '../stores/conversationList.ts';
import { readJson, writeValue } from '../stores/localStore.ts';

/**
 * The chat list's first screen in localStorage, read synchronously at start: a signed-in start
 * draws the list at once from it (marked `restored`, as an offline start is) while the server is
 * asked, instead of waiting for the network or for IndexedDB and Dexie (`chatCache.ts`).
 */

export const LIST_SNAPSHOT_KEY = 'chatListSnapshot';
/** Rows kept: more than a tall phone shows. */
export const SNAPSHOT_ROWS = 20;

interface ListSnapshot extends ListState {
  userId: string;
}

export function snapshotOf(userId: string, state: ListState): ListSnapshot {
  return { userId, contacts: visibleRows(state.contacts).slice(0, SNAPSHOT_ROWS), systemUnread: state.systemUnread };
}

/** The kept list when it is `userId`'s and well formed. */
export function listOfSnapshot(saved: unknown, userId: string): ListState | undefined {
  if (!userId || typeof saved !== 'object' || saved === null) return undefined;
  const s = saved as Partial<ListSnapshot>;
  if (s.userId !== userId || !Array.isArray(s.contacts) || s.contacts.length === 0) return undefined;
  return { contacts: s.contacts, systemUnread: Number(s.systemUnread) || 0 };
}

export const saveListSnapshot = (userId: string, state: ListState): void => {
  writeValue(LIST_SNAPSHOT_KEY, snapshotOf(userId, state));
};
export const readListSnapshot = (userId: string): ListState | undefined => listOfSnapshot(readJson<unknown>(LIST_SNAPSHOT_KEY, null), userId);
export const dropListSnapshot = (): void => {
  writeValue(LIST_SNAPSHOT_KEY, null);
};
