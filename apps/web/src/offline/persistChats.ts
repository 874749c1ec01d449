import { useConversations } from '../stores/conversations.ts';
import { useMessages } from '../stores/messages.ts';
import { useSession } from '../stores/session.ts';
import { deleteChatCache, readSaved, type SavedThread, saveList, saveThreads, threadToKeep } from './chatCache.ts';

/** Writes wait this long, so a burst of messages is one write. */
const SAVE_DELAY_MS = 400;

const userIdOf = (): string => String(useSession.getState().userInfo?.user_id ?? useSession.getState().userInfo?.id ?? '');

async function restore(userId: string): Promise<void> {
  const saved = await readSaved(userId);
  if (userIdOf() !== userId) return;
  if (saved.list) useConversations.getState().restore(saved.list);
  for (const t of saved.threads) useMessages.getState().restoreThread(t.contactId, { items: t.items, hasOlder: t.hasOlder, syncedMsgId: t.syncedMsgId });
}

/**
 * Keeps this device's copy of the chats (`chatCache.ts`) in step with the stores: restored into them
 * at start, written after they change, deleted at logout.
 */
export function startChatCache(): void {
  const failed = (err: unknown) => console.warn('offline copy of the chats failed', err);
  if (userIdOf()) void restore(userIdOf()).catch(failed);

  let listTimer: ReturnType<typeof setTimeout> | undefined;
  useConversations.subscribe((s, previous) => {
    if ((s.contacts === previous.contacts && s.systemUnread === previous.systemUnread) || !s.loaded) return;
    clearTimeout(listTimer);
    listTimer = setTimeout(() => {
      const userId = userIdOf();
      if (userId) void saveList(userId, useConversations.getState()).catch(failed);
    }, SAVE_DELAY_MS);
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
      if (userId && threads.size > 0) void saveThreads(userId, threads).catch(failed);
    }, SAVE_DELAY_MS);
  });

  useSession.subscribe((s, previous) => {
    if (s.authToken === previous.authToken) return;
    clearTimeout(listTimer);
    clearTimeout(threadTimer);
    changed.clear();
    if (!s.authToken) void deleteChatCache().catch(failed);
  });
}
