import { useConversations } from '../stores/conversations.ts';
import { showOutbox, useMessages } from '../stores/messages.ts';
import { signedInUserId as userIdOf, useSession } from '../stores/session.ts';
import { CHAT_CACHE_DB, type SavedThread, threadToKeep } from './keep.ts';
import { dropHomePaint } from '../paint/keepHomePaint.ts';
import { dropListSnapshot, saveListSnapshot } from './listSnapshot.ts';

/** Writes wait this long, so a burst of messages is one write. */
const SAVE_DELAY_MS = 400;
/**
 * Unless the chats must come from the copy (offline), its code loads this long after the chat list
 * first settles: Dexie is not fetched and parsed while the first screen is drawn and settles.
 */
const QUIET_AFTER_START_MS = 3000;

/** Ends the quiet start: at once when the copy is needed now, else `QUIET_AFTER_START_MS` after the list settled. */
let endQuiet: () => void = () => undefined;
const quiet = new Promise<void>((resolve) => {
  endQuiet = resolve;
});

/** The copy's code with Dexie (about 30 kB gzip): loaded once it is needed, after the quiet start unless `now`. */
let cache: Promise<typeof import('./chatCache.ts')> | null = null;
const loadCache = (now = false) => {
  if (now) endQuiet();
  cache ??= quiet.then(() => import('./chatCache.ts'));
  return cache;
};

/** The copy's code, unless `userId` signed out while it loaded (the copy is deleted then: nothing may open it again). */
async function cacheOf(userId: string, now = false): Promise<typeof import('./chatCache.ts') | undefined> {
  const m = await loadCache(now);
  return userIdOf() === userId ? m : undefined;
}

async function restore(userId: string, now: boolean): Promise<void> {
  const saved = await (await cacheOf(userId, now))?.readSaved(userId);
  if (!saved || userIdOf() !== userId) return;
  if (saved.list) useConversations.getState().restore(saved.list);
  for (const t of saved.threads) useMessages.getState().restoreThread(t.contactId, { items: t.items, hasOlder: t.hasOlder, syncedMsgId: t.syncedMsgId });
  // what was typed and not yet sent shows among them, also offline (it is sent once the socket is bound)
  showOutbox();
}

/** Logout: nothing of this user stays on the device (the database is deleted even when its code was never loaded). */
async function deleteCopy(): Promise<void> {
  dropListSnapshot();
  dropHomePaint();
  if (cache) {
    await (await loadCache(true)).deleteChatCache();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(CHAT_CACHE_DB);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

/**
 * Keeps this device's copy of the chats (`chatCache.ts`) in step with the stores: restored into them
 * at start, written after they change, deleted at logout.
 *
 * A start without the network restores the copy at once (the browser knows it is offline, or the
 * chat list's first load fails); a start with it draws the list from the server, and the copy (the
 * kept messages of each chat) is read and written from a few seconds after the list settled, so the
 * first screen neither waits for IndexedDB nor fetches and parses Dexie.
 */
export function startChatCache(): void {
  const failed = (err: unknown) => console.warn('offline copy of the chats failed', err);
  let restoring: string | null = null;
  const restoreOnce = (now: boolean) => {
    const userId = userIdOf();
    if (!userId || restoring === userId) return;
    restoring = userId;
    void restore(userId, now).catch(failed);
  };
  const afterQuiet = () => {
    setTimeout(endQuiet, QUIET_AFTER_START_MS);
    restoreOnce(false);
  };

  const { failed: listFailed, loaded: listLoaded } = useConversations.getState();
  // (the start asks for the list before this runs: its first load may have failed already)
  if ((typeof navigator !== 'undefined' && navigator.onLine === false) || (listFailed && !listLoaded)) restoreOnce(true);
  const settled = () => useConversations.getState().loaded || useConversations.getState().failed;
  if (settled()) afterQuiet();
  else {
    const stop = useConversations.subscribe((s, previous) => {
      if (s.failed && !previous.failed && !s.loaded) restoreOnce(true);
      if (!settled()) return;
      stop();
      afterQuiet();
    });
  }

  let listTimer: ReturnType<typeof setTimeout> | undefined;
  const saveListSoon = () => {
    clearTimeout(listTimer);
    listTimer = setTimeout(() => {
      const userId = userIdOf();
      if (!userId) return;
      saveListSnapshot(userId, useConversations.getState());
      void cacheOf(userId).then((m) => m?.saveList(userId, useConversations.getState()), failed);
    }, SAVE_DELAY_MS);
  };
  // the start asks for the list before this runs: it may be in already
  if (useConversations.getState().loaded) saveListSoon();
  useConversations.subscribe((s, previous) => {
    if ((s.contacts === previous.contacts && s.systemUnread === previous.systemUnread) || !s.loaded) return;
    saveListSoon();
  });

  const changed = new Set<string>();
  let threadTimer: ReturnType<typeof setTimeout> | undefined;
  useMessages.subscribe((s, previous) => {
    for (const [contactId, thread] of Object.entries(s.byContact)) {
      if (thread !== previous.byContact[contactId] && thread.loaded) changed.add(contactId);
    }
    if (changed.size === 0) return;
    clearTimeout(threadTimer);
    threadTimer = setTimeout(() => {
      const userId = userIdOf();
      const threads = new Map<string, SavedThread>();
      for (const contactId of changed) {
        const thread = useMessages.getState().byContact[contactId];
        if (thread) threads.set(contactId, threadToKeep(thread));
      }
      changed.clear();
      if (userId && threads.size > 0) void cacheOf(userId).then((m) => m?.saveThreads(userId, threads), failed);
    }, SAVE_DELAY_MS);
  });

  useSession.subscribe((s, previous) => {
    if (s.authToken === previous.authToken) return;
    clearTimeout(listTimer);
    clearTimeout(threadTimer);
    changed.clear();
    restoring = null;
    if (!s.authToken) void deleteCopy().catch(failed);
  });
}
