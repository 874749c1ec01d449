import type { TranslateLang } from '@parley/protocol';
import { create } from 'zustand';
import { api } from '../api/client.ts';

/** What the engines made of a message, shown under its bubble: a translation or a voice transcript. */
export interface MessageExtra {
  status: 'loading' | 'done';
  text: string;
  /** a translation can be toggled back to the original only */
  shown: boolean;
}

interface MessageExtrasState {
  translations: Record<number, MessageExtra>;
  transcripts: Record<number, MessageExtra>;
  /** Asks for the translation (the server caches it); rejects with the ApiError when it failed. */
  translate(msgId: number, lang: TranslateLang): Promise<void>;
  toggleTranslation(msgId: number): void;
  transcribe(msgId: number): Promise<void>;
}

/** An engine may take up to 10 s on the server; the request may take a little longer. */
const ENGINE_REQUEST_MS = 15_000;

type Table = 'translations' | 'transcripts';

export const useMessageExtras = create<MessageExtrasState>()((set, get) => {
  const put = (table: Table, msgId: number, extra: MessageExtra | null) =>
    set((s) => {
      const next = { ...s[table] };
      if (extra) next[msgId] = extra;
      else delete next[msgId];
      return { [table]: next } as Pick<MessageExtrasState, Table>;
    });

  async function fetchInto(table: Table, msgId: number, load: () => Promise<{ text: string }>): Promise<void> {
    const known = get()[table][msgId];
    if (known?.status === 'done') {
      put(table, msgId, { ...known, shown: true });
      return;
    }
    if (known?.status === 'loading') return;
    put(table, msgId, { status: 'loading', text: '', shown: true });
    try {
      const { text } = await load();
      put(table, msgId, { status: 'done', text, shown: true });
    } catch (err) {
      put(table, msgId, null);
      throw err;
    }
  }

  return {
    translations: {},
    transcripts: {},
    translate: (msgId, lang) =>
      fetchInto('translations', msgId, () =>
        api.call('translateMessage', { msg_id: msgId, lang }, { silent: true, timeoutMs: ENGINE_REQUEST_MS }),
      ),
    toggleTranslation: (msgId) => {
      const known = get().translations[msgId];
      if (known?.status === 'done') put('translations', msgId, { ...known, shown: !known.shown });
    },
    transcribe: (msgId) =>
      fetchInto('transcripts', msgId, () =>
        api.call('transcribeVoice', { msg_id: msgId }, { silent: true, timeoutMs: ENGINE_REQUEST_MS }),
      ),
  };
});
