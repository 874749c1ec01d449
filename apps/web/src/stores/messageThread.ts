import type { MessagePage } from '../api/messages.ts';
import { advanceSynced, type ChatItem, isPending, mergeMessages, newestMsgId, oldestMsgId } from './messageList.ts';

/** One conversation's cached messages. */
export interface Thread {
  /** Ascending by msg_id, unique; local pending messages last. */
  items: ChatItem[];
  hasOlder: boolean;
  loading: boolean;
  /** The latest page was fetched at least once (else the thread only holds pushed messages). */
  loaded: boolean;
  /**
   * Every message from the oldest cached one up to this msg_id is cached (see `advanceSynced`):
   * catch-up fetches from here, never from the newest cached msg_id.
   */
  syncedMsgId: number;
}

export const EMPTY_THREAD: Thread = { items: [], hasOlder: true, loading: false, loaded: false, syncedMsgId: 0 };

/**
 * The newest page merged into a thread. The synced mark moves to the page's newest message only
 * when the page joins the cached run (it overlaps it, or nothing older exists); otherwise a thread
 * never opened forgets its older cached messages (scrolling up fetches them again), and an open one
 * keeps the page above its mark, as a gap to fetch.
 */
export function withLatestPage(t: Thread, page: MessagePage): Partial<Thread> {
  const pageOldest = oldestMsgId(page.items);
  const pageNewest = newestMsgId(page.items);
  const hasOlder = t.loaded ? t.hasOlder : page.count > page.items.length;
  const joins = page.count <= page.items.length || newestMsgId(t.items) === 0 || pageOldest <= t.syncedMsgId;
  if (joins) {
    const items = mergeMessages(t.items, page.items);
    return { items, hasOlder, loaded: true, syncedMsgId: advanceSynced(items, Math.max(t.syncedMsgId, pageNewest)) };
  }
  if (t.loaded) return { items: mergeMessages(t.items, page.items) };
  const newer = t.items.filter((m) => isPending(m) || m.msg_id >= pageOldest);
  const items = mergeMessages(newer, page.items);
  return { items, hasOlder, loaded: true, syncedMsgId: advanceSynced(items, pageNewest) };
}

