import type { TranslateLang } from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import { perUserLimit } from '../../perUserLimit.ts';
import type { MessageService } from '../messages/service.ts';
import { readStoredFile } from '../uploads/files.ts';
import { type Engines, EngineError, enginesOf } from './engines.ts';
import { translateStore } from './store.ts';

/** The largest voice file handed to a transcription engine (OpenAI's own limit). */
const TRANSCRIBE_MAX_BYTES = 25 * 1024 * 1024;

/**
 * Translating a text message and converting a voice message to text. Only someone who may read
 * the message may ask (the messages service decides); a result is cached, so each message and
 * language reaches the engine once.
 */
export function translateService(
  ctx: AppContext,
  messages: Pick<MessageService, 'visibleMessage'>,
  engines: Engines = enginesOf(ctx.config),
) {
  const store = translateStore(ctx.db);
  const perMinute = ctx.config.engineRatePerMinute;
  const translateLimit = perUserLimit(perMinute, 60_000);
  const transcribeLimit = perUserLimit(perMinute, 60_000);

  /** Runs an engine call, turning any engine failure into the spec's message. */
  async function viaEngine<T>(call: () => Promise<T>, failure: 'translate.translateFailed' | 'translate.transcribeFailed'): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      ctx.log.warn({ err: err.message }, failure);
      throw fail(failure);
    }
  }

  async function translate(me: number, msgId: number, lang: TranslateLang) {
    const translator = engines.translator;
    if (!translator) throw fail('translate.translateOff');
    if (!translateLimit.take(me)) throw fail('translate.tooMany');
    const { row } = await messages.visibleMessage(me, msgId);
    if (row.type !== 'text' || Number(row.is_undo) === 1) throw fail('translate.notText');
    const cached = await store.translation(msgId, lang);
    if (cached !== null) return { msg_id: msgId, lang, text: cached };
    const text = await viaEngine(() => translator.translate(row.content, lang), 'translate.translateFailed');
    await store.saveTranslation(msgId, lang, text);
    return { msg_id: msgId, lang, text };
  }

  async function transcribe(me: number, msgId: number) {
    const transcriber = engines.transcriber;
    if (!transcriber) throw fail('translate.transcribeOff');
    if (!transcribeLimit.take(me)) throw fail('translate.tooMany');
    const { row } = await messages.visibleMessage(me, msgId);
    if (row.type !== 'voice' || Number(row.is_undo) === 1 || row.file_id === null) throw fail('translate.notVoice');
    const cached = await store.transcript(msgId);
    if (cached !== null) return { msg_id: msgId, text: cached };
    const audio = await readStoredFile(ctx, Number(row.file_id), TRANSCRIBE_MAX_BYTES);
    if (!audio) throw fail('translate.transcribeFailed');
    const text = await viaEngine(() => transcriber.transcribe(audio), 'translate.transcribeFailed');
    await store.saveTranscript(msgId, text);
    return { msg_id: msgId, text };
  }

  return { translate, transcribe };
}

export type TranslateService = ReturnType<typeof translateService>;
