import type { ChatMessage, UndoMessagePush } from '@parley/protocol';
import { create } from 'zustand';
import { getContacts } from '../api/messages.ts';
import * as list from './conversationList.ts';
import type { ConversationRow, IncomingOutcome, ListState } from './conversationList.ts';
import { readListSnapshot, saveListSnapshot } from '../offline/listSnapshot.ts';
import { signedInUserId, useSession } from './session.ts';

export type { ConversationRow } from './conversationList.ts';

interface ConversationsState extends ListState {
  /** True once the list came from the server at least once. */
  loaded: boolean;
  /** True when the last load failed (the list offers a retry). */
  failed: boolean;
  /** The rows shown came from this device's copy (offline start), not yet from the server. */
  restored: boolean;
  /** The conversation open on screen: its messages raise no unread. */
  activeId: string | null;
}

interface ConversationsActions {
  /** Loads the list from the server (one request at a time; callers share it). */
  load(): Promise<void>;
  /** An incoming or just-sent message; a message already reflected changes nothing. */
  applyMessage(message: ChatMessage): IncomingOutcome;
  /** Local only: the unread and mention counts of the conversation go to 0. */
  markRead(contactId: string | number): void;
  setTop(contactId: string | number, isTop: 0 | 1): void;
  setNotice(contactId: string | number, notice: 0 | 1): void;
  remove(contactId: string | number): void;
  upsert(contact: Partial<ConversationRow> & Pick<ConversationRow, 'id'>): void;
  patch(contactId: string | number, patch: Partial<ConversationRow>): void;
  rename(contactId: string | number, displayName: string): void;
  applyUndo(data: Pick<UndoMessagePush, 'msg_id' | 'toContactId' | 'is_group' | 'fromUser'>): void;
  applyCleared(contactId: string | number, clearedMsgId: number): void;
  setActive(contactId: string | number | null): void;
  reset(): void;
  /** The list kept on this device, shown until the first load answers (never over a loaded list). */
  restore(saved: ListState): void;
  /** `restore` from the snapshot of the list's first screen (`offline/listSnapshot.ts`), when there is one. */
  restoreSnapshot(): void;
}

const myId = (): number | string => useSession.getState().userInfo?.user_id ?? useSession.getState().userInfo?.id ?? '';

/** The open chat, if it is being read: a chat open in a hidden page is not, its messages count as unread. */
const readingId = (activeId: string | null): string | null => (typeof document !== 'undefined' && document.hidden ? null : activeId);

let inFlight: Promise<void> | null = null;
/** Bumped by reset (logout): an answer of a previous session is dropped. */
let generation = 0;
/** Messages applied while a load is on its way: folded into its answer (it may predate them). */
let pushedDuringLoad: ChatMessage[] | null = null;

const INITIAL: ConversationsState = { ...list.EMPTY_LIST, loaded: false, failed: false, restored: false, activeId: null };

/** The chat list (spec §3 contacts, §4 rules), kept live by `realtime/sync.ts`. */
export const useConversations = create<ConversationsState & ConversationsActions>()((set, get) => {
  const update = (reduce: (s: ListState) => ListState) =>
    set((s) => {
      const next = reduce(s);
      return next === s ? s : { contacts: next.contacts, systemUnread: next.systemUnread };
    });

  return {
    ...INITIAL,

    load() {
      inFlight ??= (async () => {
        pushedDuringLoad = [];
        const started = generation;
        try {
          const answer = await getContacts({ silent: true });
          if (started !== generation) return;
          const s = get();
          const next = list.fromServer(answer, pushedDuringLoad, myId(), readingId(s.activeId), s);
          set({ ...next, loaded: true, failed: false, restored: false });
        } catch {
          if (started === generation) set({ failed: true });
        } finally {
          pushedDuringLoad = null;
          inFlight = null;
        }
      })();
      return inFlight;
    },

    applyMessage(message) {
      pushedDuringLoad?.push(message);
      const s = get();
      const outcome = list.applyIncoming(s, message, myId(), readingId(s.activeId));
      if (outcome.applied) set({ contacts: outcome.state.contacts, systemUnread: outcome.state.systemUnread });
      return outcome;
    },

    markRead: (id) => update((s) => list.markRead(s, id)),
    setTop: (id, isTop) => update((s) => list.setTop(s, id, isTop)),
    setNotice: (id, notice) => update((s) => list.setNotice(s, id, notice)),
    remove: (id) => update((s) => list.removeRow(s, id)),
    upsert: (contact) => update((s) => list.upsert(s, contact)),
    patch: (id, patch) => update((s) => list.patchRow(s, id, patch)),
    rename: (id, displayName) => update((s) => list.rename(s, id, displayName)),
    applyUndo: (data) => update((s) => list.applyUndo(s, data, myId())),
    applyCleared: (id, clearedMsgId) => update((s) => list.applyCleared(s, id, clearedMsgId)),

    setActive(contactId) {
      const activeId = contactId === null || contactId === '' ? null : String(contactId);
      if (activeId === get().activeId) return;
      set({ activeId });
      if (activeId) update((s) => list.markRead(s, activeId));
    },

    restore(saved) {
      if (get().loaded) return;
      set({ contacts: saved.contacts, systemUnread: saved.systemUnread, restored: true });
    },

    restoreSnapshot() {
      const saved = readListSnapshot(signedInUserId());
      if (saved) get().restore(saved);
    },

    reset() {
      generation += 1;
      pushedDuringLoad = null;
      inFlight = null;
      set({ ...INITIAL });
    },
  };
});

/**
 * Writes the list's snapshot (`listSnapshot.ts`) now, as the page is left or hidden: its write after
 * a change (`persistChats.ts`) waits a moment, and the next start must not show older counts than
 * the home screen kept at the same time (`paint/homePaint.ts`).
 */
export function keepListSnapshot(): void {
  const state = useConversations.getState();
  const userId = signedInUserId();
  if (userId && state.loaded) saveListSnapshot(userId, state);
}

/** Spec §4 unread total of the chats tab. */
export const selectUnreadTotal = (s: ListState): number => list.totalUnread(s);
