import type { MessageQuote } from '@parley/protocol';
import { create } from 'zustand';
import { readJson, writeValue } from './localStore.ts';
import { useSession } from './session.ts';

/**
 * What I am writing in each chat: the text with its @mentions and the message I reply to. Kept per
 * user in localStorage, so a draft survives a reload and shows in the chat list as "[Draft] …".
 * Also remembers, for this visit, the texts I recalled, so the recall notice can offer "Re-edit".
 */

export interface Mention {
  id: number;
  name: string;
}

export interface Draft {
  text: string;
  mentions: Mention[];
  /** the message this one replies to */
  quote?: MessageQuote;
}

export interface Recalled {
  text: string;
  /** when it was recalled (ms) */
  at: number;
}

const STORAGE_KEY = 'chatDrafts';
/** Spec (WeChat habit): a recalled text can be edited again for 5 minutes. */
export const REEDIT_WINDOW_MS = 5 * 60 * 1000;
export const EMPTY_DRAFT: Draft = { text: '', mentions: [] };

const isEmpty = (d: Draft): boolean => d.text === '' && d.mentions.length === 0 && !d.quote;

/** A draft's key: per signed-in user and chat. */
export const draftKey = (contactId: string, userId = useSession.getState().userInfo?.user_id ?? 0): string => `${userId}:${contactId}`;

interface ComposerState {
  drafts: Record<string, Draft>;
  recalled: Record<number, Recalled>;
  setDraft(contactId: string, draft: Draft): void;
  /** Changes part of a chat's draft. */
  patchDraft(contactId: string, patch: Partial<Draft>): void;
  rememberRecalled(msgId: number, text: string, at?: number): void;
}

export const useComposer = create<ComposerState>()((set, get) => ({
  drafts: readJson<Record<string, Draft>>(STORAGE_KEY, {}),
  recalled: {},
  setDraft(contactId, draft) {
    const key = draftKey(contactId);
    const drafts = { ...get().drafts };
    if (isEmpty(draft)) delete drafts[key];
    else drafts[key] = draft;
    writeValue(STORAGE_KEY, Object.keys(drafts).length > 0 ? drafts : null);
    set({ drafts });
  },
  patchDraft(contactId, patch) {
    get().setDraft(contactId, { ...(get().drafts[draftKey(contactId)] ?? EMPTY_DRAFT), ...patch });
  },
  rememberRecalled(msgId, text, at = Date.now()) {
    set((s) => ({ recalled: { ...s.recalled, [msgId]: { text, at } } }));
  },
}));

/** The draft of a chat (a stable empty one when there is none). */
export function useDraft(contactId: string): Draft {
  const userId = useSession((s) => s.userInfo?.user_id ?? 0);
  return useComposer((s) => s.drafts[draftKey(contactId, userId)]) ?? EMPTY_DRAFT;
}

/** The recalled text I may still edit again, or null once the 5 minutes are over. */
export function reeditable(recalled: Recalled | undefined, now = Date.now()): string | null {
  return recalled && now - recalled.at <= REEDIT_WINDOW_MS ? recalled.text : null;
}
