import { DB_ID_MAX } from '../../limits.ts';
import { z } from 'zod';
import { endpoint } from '../define.ts';

/** The app's languages a message can be translated into (the reader's language). */
export const TRANSLATE_LANGS = ['en', 'zh', 'zh-Hant', 'ja', 'ko', 'id', 'th', 'fr', 'es', 'vi'] as const;
export type TranslateLang = (typeof TRANSLATE_LANGS)[number];

const msgId = z.coerce.number().int().positive().max(DB_ID_MAX);

export const translateEndpoints = {
  translateMessage: endpoint({
    path: '/enterprise/im/translateMessage',
    access: 'user',
    role: 'may read the message',
    body: z.object({ msg_id: msgId, lang: z.enum(TRANSLATE_LANGS) }),
    data: z.object({ msg_id: z.number().int(), lang: z.enum(TRANSLATE_LANGS), text: z.string() }),
    domain: 'translate',
    summary: "A text message translated into lang by the host's LibreTranslate engine (cached per message and language)",
  }),
  transcribeVoice: endpoint({
    path: '/enterprise/im/transcribeVoice',
    access: 'user',
    role: 'may read the message',
    body: z.object({ msg_id: msgId }),
    data: z.object({ msg_id: z.number().int(), text: z.string() }),
    domain: 'translate',
    summary: "A voice message as text, by the host's OpenAI-compatible transcription engine (cached per message)",
  }),
};
