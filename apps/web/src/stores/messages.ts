import {
  type ChatMessage,
  conversationIdOf as conversationKeyOf,
  MESSAGE_PAGE_DEFAULT,
  MESSAGE_PAGE_MAX,
} from '@parley/protocol';
import { create } from 'zustand';
import { ApiError } from '../api/client.ts';
import { getMessageList, type MessageListQuery, sendMessage } from '../api/messages.ts';
import { uploadFile } from '../api/uploads.ts';
import { getSocketState, onSocketState } from '../realtime/socket.ts';
import {
  advanceSynced,
  type ChatItem,
  hasGap,
  markReadUpTo,
  markRecalled,
  mergeMessages,
  newestMsgId,
  oldestMsgId,
  patchPending,
  removeMessage,
} from './messageList.ts';
import { clearOutbox, loadOutbox, } from './outbox.ts';
import { EMPTY_THREAD, type Thread, withLatestPage } from './messageThread.ts';
import {
  bit,
  dropFromOutbox,
  failureOf,
  localMessage,
  myId,
  newClientId,
  outbox,
  outgoing,
  persistOutgoing,
  type SendDraft,
  toContactRef,
} from './outgoing.ts';

export type { ChatItem, SendStatus } from './messageList.ts';
export type { Thread } from './messageThread.ts';
export type { SendDraft } from './outgoing.ts';

interface MessagesState {
  byContact: Record<string, Thread>;
  /** Opens a conversation: the latest page the first time, the gap since the cache otherwise. */
  loadLatest(contactId: string, isGroup: boolean): Promise<void>;
  /** Scroll-up: the page before the oldest cached message. */
  loadOlder(contactId: string, isGroup: boolean): Promise<void>;
  /** A message pushed (simple/group) or answered: merged once, replacing the pending local copy. */
  ingest(msg: ChatMessage): void;
  /** After a rebind: everything after the synced mark, in pages, in order. */
  reconcile(contactId: string, isGroup: boolean): Promise<void>;
  /** Conversations with cached messages (the sync reconciles them after a rebind). */
  cachedContactIds(): string[];
  applyUndo(push: { msg_id: number; toContactId?: number | string }): void;
  /** The other side read my private messages up to msg_id. */
  applyRead(push: { toContactId: number | string; msg_id: number }): void;
  /** Optimistic send; failures stay on screen with a resend action. */
  send(contactId: string, isGroup: boolean, draft: SendDraft): Promise<void>;
  /** Sends a failed local message again with the same client id (the server dedupes). */
  resend(clientId: string): Promise<void>;
  /** Drops a message from the cache (deleted for me), by msg_id or by client id of a local one. */
  remove(ref: number | string): void;
  /** Forgets everything (sign-out). */
  reset(): void;
  /** A thread kept on this device (offline start): shown until the server's answer replaces it; never over messages already here. */
  restoreThread(contactId: string, saved: Pick<Thread, 'items' | 'hasOlder' | 'syncedMsgId'>): void;
}

const reconciling = new Map<string, Promise<void>>();
const gapJobs = new Map<string, { again: boolean; job: Promise<void> }>();
/** The newest page being fetched per conversation: a chat opened while its tap's fetch is on its way shares it (and its failure). */
const latestJobs = new Map<string, Promise<void>>();
/**
 * When each conversation's newest page last came in. A chat opened within `FRESH_LATEST_MS` of it
 * (the tap asked for it, then the screen's code loaded and drew) asks nothing more: pushes have
 * kept it since, and a rebind reconciles it anyway.
 */
const latestAt = new Map<string, number>();
export const FRESH_LATEST_MS = 2000;

export const useMessages = create<MessagesState>()((set, get) => {
  const thread = (contactId: string): Thread => get().byContact[contactId] ?? EMPTY_THREAD;
  const update = (contactId: string, fn: (t: Thread) => Partial<Thread>) =>
    set((s) => {
      const current = s.byContact[contactId] ?? EMPTY_THREAD;
      return { byContact: { ...s.byContact, [contactId]: { ...current, ...fn(current) } } };
    });
  const query = (contactId: string, isGroup: boolean, extra: Partial<MessageListQuery>): MessageListQuery => ({
    toContactId: toContactRef(contactId),
    is_group: bit(isGroup),
    ...extra,
  });

  const gapIn = (contactId: string): boolean => {
    const t = thread(contactId);
    return hasGap(t.items, t.syncedMsgId);
  };

  async function fetchLatest(contactId: string, isGroup: boolean): Promise<void> {
    const page = await getMessageList(query(contactId, isGroup, { limit: MESSAGE_PAGE_DEFAULT }), { silent: true });
    latestAt.set(contactId, Date.now());
    update(contactId, (t) => withLatestPage(t, page));
    if (gapIn(contactId)) await fillGap(contactId, isGroup);
  }

  /**
   * Pages through everything after the synced mark. A page answers every message in
   * (mark, its newest], so the mark moves there; it stops once a page comes back short and
   * nothing cached lies above the mark (pushes that came meanwhile joined it or were fetched).
   */
  async function fetchGap(contactId: string, isGroup: boolean): Promise<void> {
    for (;;) {
      const after = thread(contactId).syncedMsgId;
      const page = await getMessageList(query(contactId, isGroup, { last_msg_id: after, limit: MESSAGE_PAGE_MAX }), { silent: true });
      update(contactId, (t) => {
        const items = mergeMessages(t.items, page.items);
        return { items, syncedMsgId: advanceSynced(items, Math.max(t.syncedMsgId, newestMsgId(page.items))) };
      });
      // (an empty page with cached messages still above the mark: the server lists nothing more for
      // me there, e.g. deleted for me; stop rather than ask again)
      if (page.items.length === 0 || (page.items.length < MESSAGE_PAGE_MAX && !gapIn(contactId))) return;
    }
  }

  /** One gap fetch per conversation at a time; a gap found meanwhile runs it again. */
  function fillGap(contactId: string, isGroup: boolean): Promise<void> {
    const running = gapJobs.get(contactId);
    if (running) {
      running.again = true;
      return running.job;
    }
    const entry = { again: false, job: Promise.resolve() };
    entry.job = (async () => {
      do {
        entry.again = false;
        await fetchGap(contactId, isGroup);
      } while (entry.again);
    })().finally(() => gapJobs.delete(contactId));
    gapJobs.set(contactId, entry);
    return entry.job;
  }

  async function attempt(clientId: string): Promise<void> {
    const job = outgoing.get(clientId);
    if (!job) return;
    const { contactId, isGroup, draft } = job;
    set((s) => {
      const t = s.byContact[contactId];
      if (!t) return s;
      return { byContact: { ...s.byContact, [contactId]: { ...t, items: patchPending(t.items, clientId, { status: 'sending', failure: undefined }) } } };
    });
    try {
      if (draft.upload && job.fileId === undefined) {
        const uploaded = await uploadFile(draft.upload.file, draft.upload.name, {
          kind: draft.upload.kind,
          onProgress: (progress) => update(contactId, (t) => ({ items: patchPending(t.items, clientId, { progress }) })),
        });
        job.fileId = uploaded.file_id;
        persistOutgoing(clientId, thread(contactId).items.find((m) => m.id === clientId)?.sendTime ?? Date.now() / 1000);
      }
      const message = await sendMessage({
        id: clientId,
        toContactId: toContactRef(contactId),
        type: draft.type,
        content: draft.content ?? '',
        is_group: bit(isGroup),
        ...(draft.at?.length ? { at: draft.at } : {}),
        ...(job.fileId !== undefined ? { file_id: job.fileId } : {}),
        ...(draft.extends ? { extends: draft.extends } : {}),
      });
      outgoing.delete(clientId);
      dropFromOutbox(clientId);
      get().ingest(message);
      if (job.previewUrl) setTimeout(() => URL.revokeObjectURL(job.previewUrl as string), 60_000);
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'aborted') return;
      const failure = failureOf(error);
      update(contactId, (t) => ({ items: patchPending(t.items, clientId, { status: 'failed', failure, progress: undefined }) }));
      // refused for good (no longer friends, muted): not sent again at the next start; the bubble stays
      if (failure === 'refused') dropFromOutbox(clientId);
      // lost on a live connection (a stalled server): tried again soon, as after a reconnect
      else retryNetworkFailuresSoon();
    }
  }

  return {
    byContact: {},

    loadLatest(contactId, isGroup) {
      const running = latestJobs.get(contactId);
      if (running) return running;
      const t = thread(contactId);
      if (t.loading || (t.loaded && Date.now() - (latestAt.get(contactId) ?? 0) < FRESH_LATEST_MS)) return Promise.resolve();
      update(contactId, () => ({ loading: true }));
      const job = (async () => {
        try {
          if (t.loaded) await get().reconcile(contactId, isGroup);
          else await fetchLatest(contactId, isGroup);
        } finally {
          latestJobs.delete(contactId);
          update(contactId, () => ({ loading: false }));
        }
      })();
      latestJobs.set(contactId, job);
      return job;
    },

    async loadOlder(contactId, isGroup) {
      const t = thread(contactId);
      if (t.loading || !t.hasOlder || !t.loaded) return;
      const before = oldestMsgId(t.items);
      if (before === 0) {
        update(contactId, () => ({ hasOlder: false }));
        return;
      }
      update(contactId, () => ({ loading: true }));
      try {
        const page = await getMessageList(query(contactId, isGroup, { before_msg_id: before, limit: MESSAGE_PAGE_DEFAULT }), { silent: true });
        update(contactId, (cur) => ({ items: mergeMessages(cur.items, page.items), hasOlder: page.count > page.items.length }));
      } finally {
        update(contactId, () => ({ loading: false }));
      }
    },

    ingest(msg) {
      if (msg.id && outgoing.has(msg.id)) dropFromOutbox(msg.id);
      const key = conversationKeyOf(msg, myId());
      update(key, (t) => {
        const items = mergeMessages(t.items, [msg]);
        // The first message of a conversation never opened starts its cached run.
        const fresh = !t.loaded && t.syncedMsgId === 0 && newestMsgId(t.items) === 0;
        return { items, syncedMsgId: advanceSynced(items, fresh ? msg.msg_id : t.syncedMsgId) };
      });
      // A message whose predecessor is not cached: fetch what lies between.
      if (gapIn(key)) void fillGap(key, msg.is_group === 1).catch(() => undefined);
    },

    reconcile(contactId, isGroup) {
      const running = reconciling.get(contactId);
      if (running) return running;
      const job = (async () => {
        const t = thread(contactId);
        if (!t.loaded) {
          await fetchLatest(contactId, isGroup);
          return;
        }
        await fillGap(contactId, isGroup);
        // Read marks and recalls of recent messages may have changed meanwhile.
        await fetchLatest(contactId, isGroup);
      })().finally(() => reconciling.delete(contactId));
      reconciling.set(contactId, job);
      return job;
    },

    cachedContactIds() {
      return Object.entries(get().byContact)
        .filter(([, t]) => t.items.length > 0 || t.loaded)
        .map(([id]) => id);
    },

    applyUndo({ msg_id }) {
      set((s) => {
        let changed = false;
        const byContact = { ...s.byContact };
        for (const [key, t] of Object.entries(s.byContact)) {
          const items = markRecalled(t.items, msg_id);
          if (items !== t.items) {
            byContact[key] = { ...t, items };
            changed = true;
          }
        }
        return changed ? { byContact } : s;
      });
    },

    applyRead({ toContactId, msg_id }) {
      const key = String(toContactId);
      const t = get().byContact[key];
      if (!t) return;
      const items = markReadUpTo(t.items, myId(), msg_id);
      if (items !== t.items) update(key, () => ({ items }));
    },

    async send(contactId, isGroup, draft) {
      const clientId = newClientId();
      const previewUrl = draft.upload ? URL.createObjectURL(draft.upload.file) : undefined;
      outgoing.set(clientId, { contactId, isGroup, draft, previewUrl, fileId: draft.stored?.id });
      const local = localMessage(clientId, contactId, isGroup, draft, previewUrl);
      update(contactId, (t) => ({ items: mergeMessages(t.items, [local]) }));
      persistOutgoing(clientId, local.sendTime);
      await attempt(clientId);
    },

    resend(clientId) {
      return attempt(clientId);
    },

    remove(ref) {
      if (typeof ref === 'string') {
        outgoing.delete(ref);
        dropFromOutbox(ref);
      }
      set((s) => {
        let changed = false;
        const byContact = { ...s.byContact };
        for (const [key, t] of Object.entries(s.byContact)) {
          const items = removeMessage(t.items, ref);
          if (items !== t.items) {
            byContact[key] = { ...t, items };
            changed = true;
          }
        }
        return changed ? { byContact } : s;
      });
    },

    restoreThread(contactId, saved) {
      // a chat opened before the copy was read has an empty thread, its fetch on its way or failed (offline)
      // (its pending rows from the outbox stay, among the kept ones)
      const t = get().byContact[contactId];
      if (t && (t.loaded || t.items.some((m) => m.msg_id > 0))) return;
      update(contactId, (current) => ({ ...saved, items: mergeMessages(saved.items, current.items), loading: current.loading, loaded: false }));
    },

    reset() {
      outgoing.clear();
      if (outbox.owner) clearOutbox(outbox.owner);
      outbox.owner = 0;
      outbox.restored = false;
      outbox.shown = 0;
      restoredFromOutbox.clear();
      set({ byContact: {} });
    },
  };
});

let retrying: { again: boolean } | null = null;
/**
 * Local messages that failed on the network are sent again as soon as the socket is bound again,
 * one after another in the order they were written (all at once, the server stored them in the
 * order their answers raced in).
 */
async function retryNetworkFailures(): Promise<void> {
  if (retrying) {
    retrying.again = true;
    return;
  }
  retrying = { again: false };
  try {
    do {
      retrying.again = false;
      for (const [clientId, job] of [...outgoing]) {
        const item = useMessages.getState().byContact[job.contactId]?.items.find((m) => m.id === clientId);
        if (item?.status === 'failed' && item.failure === 'network') await useMessages.getState().resend(clientId);
      }
    } while (retrying.again);
  } finally {
    retrying = null;
  }
}

/** How long after a send lost on a live connection the failed ones are tried again. */
const RETRY_AFTER_LOSS_MS = 5_000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
function retryNetworkFailuresSoon(): void {
  if (retryTimer !== undefined) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (getSocketState() === 'bound') void retryNetworkFailures();
  }, RETRY_AFTER_LOSS_MS);
}
/**
 * Start-up of a session: the messages kept in the outbox by an earlier visit come back as pending
 * rows of their conversations (at once, also without a network: they must not seem lost), once.
 */
export function showOutbox(): void {
  const me = myId();
  if (!me || outbox.shown === me) return;
  outbox.shown = me;
  outbox.owner = me;
  for (const e of loadOutbox(me)) {
    if (outgoing.has(e.id)) continue;
    const draft: SendDraft = { type: e.type, content: e.content, at: e.at, extends: e.extends };
    outgoing.set(e.id, { contactId: e.contactId, isGroup: e.isGroup, draft, fileId: e.fileId });
    restoredFromOutbox.add(e.id);
    const local: ChatItem = { ...localMessage(e.id, e.contactId, e.isGroup, draft), sendTime: e.sentAt };
    useMessages.setState((s) => {
      const t = s.byContact[e.contactId] ?? EMPTY_THREAD;
      return { byContact: { ...s.byContact, [e.contactId]: { ...t, items: mergeMessages(t.items, [local]) } } };
    });
  }
}

/** The outbox's messages shown by `showOutbox` and not sent yet in this visit. */
const restoredFromOutbox = new Set<string>();

/** Once the socket is bound: the outbox's messages are sent again, in order, with their client ids. */
async function restoreOutbox(): Promise<void> {
  if (outbox.restored || !myId()) return;
  showOutbox();
  outbox.restored = true;
  for (const id of [...restoredFromOutbox]) {
    if (!outbox.restored) return; // the session ended meanwhile
    restoredFromOutbox.delete(id);
    if (outgoing.has(id)) await useMessages.getState().resend(id);
  }
}
onSocketState((state) => {
  if (state !== 'bound') return;
  void retryNetworkFailures();
  void restoreOutbox();
});
if (typeof window !== 'undefined') window.addEventListener('online', () => void retryNetworkFailures());
