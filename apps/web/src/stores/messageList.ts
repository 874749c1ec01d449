import type { ChatMessage, } from '@parley/protocol';

/**
 * Pure operations on one conversation's message list: merge, dedupe, order, and the small
 * updates pushes make (read marks, recalls). The store (`messages.ts`) keeps the state.
 *
 * Order: server messages ascending by `msg_id`; local messages not yet accepted by the server
 * (`status` 'sending' | 'failed', `msg_id` 0) after them, in the order they were written.
 */

export type SendStatus = 'sending' | 'failed';

/** Why a send failed: a network failure is retried on its own when the socket binds again. */
export type SendFailure = 'network' | 'refused';

/** A message on screen: a server message, or a local one waiting for (or refused by) the server. */
export interface ChatItem extends ChatMessage {
  status?: SendStatus;
  failure?: SendFailure;
  /** Upload progress 0..1 while a file of a local message is being uploaded. */
  progress?: number;
}

export const isPending = (m: Pick<ChatItem, 'status'>): boolean => m.status === 'sending' || m.status === 'failed';

function compare(a: ChatItem, b: ChatItem): number {
  const pa = isPending(a);
  const pb = isPending(b);
  if (pa !== pb) return pa ? 1 : -1;
  if (pa) return a.sendTime - b.sendTime;
  return a.msg_id - b.msg_id;
}

/**
 * Merges `incoming` into `items`: one entry per `msg_id` and per client `id` (the newer copy wins,
 * a server copy replaces the local pending message with the same client id), in order.
 * Returns `items` itself when nothing changed.
 */
export function mergeMessages(items: readonly ChatItem[], incoming: readonly ChatItem[]): ChatItem[] {
  if (incoming.length === 0) return items as ChatItem[];
  const byMsgId = new Map<number, number>();
  const byClientId = new Map<string, number>();
  const out = [...items];
  out.forEach((m, i) => {
    if (!isPending(m)) byMsgId.set(m.msg_id, i);
    if (m.id) byClientId.set(m.id, i);
  });
  const dropped = new Set<number>();
  for (const m of incoming) {
    const pending = isPending(m);
    let at = pending ? undefined : byMsgId.get(m.msg_id);
    const sameClient = m.id ? byClientId.get(m.id) : undefined;
    if (at === undefined) at = sameClient;
    else if (sameClient !== undefined && sameClient !== at) dropped.add(sameClient);
    // A pending copy never replaces a message the server already has.
    if (at !== undefined && pending && !isPending(out[at])) continue;
    if (at === undefined) {
      out.push(m);
      at = out.length - 1;
    } else out[at] = m;
    if (!pending) byMsgId.set(m.msg_id, at);
    if (m.id) byClientId.set(m.id, at);
  }
  const kept = dropped.size > 0 ? out.filter((_, i) => !dropped.has(i)) : out;
  return kept.sort(compare);
}

/** The newest server msg_id in the list (0 when none). */
export function newestMsgId(items: readonly ChatItem[]): number {
  let max = 0;
  for (const m of items) if (!isPending(m) && m.msg_id > max) max = m.msg_id;
  return max;
}

/**
 * The synced mark of a conversation: the cache holds every message from its oldest cached one up
 * to this msg_id. Cached messages above it ("islands") arrived with a gap below them. The mark
 * moves over an island only when the island names a predecessor the mark already covers
 * (`prev_msg_id`, carried by pushes and send answers), so it never jumps over an unfetched gap.
 */
export function advanceSynced(items: readonly ChatItem[], synced: number): number {
  let mark = synced;
  for (const m of items) {
    if (isPending(m) || m.msg_id <= mark) continue;
    if (m.prev_msg_id === undefined || m.prev_msg_id > mark) break;
    mark = m.msg_id;
  }
  return mark;
}

/** Whether the cache holds server messages above the synced mark: a gap to fetch below them. */
export function hasGap(items: readonly ChatItem[], synced: number): boolean {
  return newestMsgId(items) > synced;
}

/** The oldest server msg_id in the list (0 when none). */
export function oldestMsgId(items: readonly ChatItem[]): number {
  for (const m of items) if (!isPending(m)) return m.msg_id;
  return 0;
}

/** Marks a message recalled (content, file and mentions dropped). Same list when absent. */
export function markRecalled(items: readonly ChatItem[], msgId: number): ChatItem[] {
  let out = items as ChatItem[];
  const i = items.findIndex((m) => !isPending(m) && m.msg_id === msgId);
  if (i >= 0 && items[i].is_undo !== 1) {
    out = [...items];
    out[i] = { ...items[i], is_undo: 1, content: '', file: null, at: [], extends: {} };
  }
  // the replies that quote it keep who and what kind, not its words (as the server keeps them)
  for (const [j, m] of out.entries()) {
    const quote = m.extends?.quote as { msg_id?: unknown; recalled?: unknown } | undefined;
    if (!quote || quote.msg_id !== msgId || quote.recalled === 1) continue;
    if (out === items) out = [...items];
    out[j] = { ...m, extends: { ...m.extends, quote: { ...quote, text: '', recalled: 1 } } };
  }
  return out;
}

/** Marks my messages up to `msgId` read (the other side of a private chat read them). */
export function markReadUpTo(items: readonly ChatItem[], myUserId: number | string, msgId: number): ChatItem[] {
  let changed = false;
  const out = items.map((m) => {
    if (isPending(m) || m.is_read === 1 || m.msg_id > msgId || String(m.fromUser.id) !== String(myUserId)) return m;
    changed = true;
    return { ...m, is_read: 1 as const };
  });
  return changed ? out : (items as ChatItem[]);
}

/** Removes a message by msg_id (server messages) or client id (local ones). */
export function removeMessage(items: readonly ChatItem[], ref: number | string): ChatItem[] {
  const out = items.filter((m) => (typeof ref === 'number' ? isPending(m) || m.msg_id !== ref : m.id !== ref));
  return out.length === items.length ? (items as ChatItem[]) : out;
}

/** Updates the local pending message with client id `id`. Same list when absent or not pending. */
export function patchPending(items: readonly ChatItem[], id: string, patch: Partial<ChatItem>): ChatItem[] {
  const i = items.findIndex((m) => m.id === id && isPending(m));
  if (i < 0) return items as ChatItem[];
  const out = [...items];
  out[i] = { ...items[i], ...patch };
  return out;
}

/** The last message of mine the other side has read (private chats): where the read mark goes. */
export function lastReadOfMine(items: readonly ChatItem[], myUserId: number | string): number {
  for (let i = items.length - 1; i >= 0; i--) {
    const m = items[i];
    if (!isPending(m) && m.is_read === 1 && String(m.fromUser.id) === String(myUserId)) return m.msg_id;
  }
  return 0;
}
