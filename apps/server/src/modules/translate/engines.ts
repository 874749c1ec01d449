import type { Features, TranslateLang } from '@parley/protocol';
import type { Config } from '../../config.ts';

/**
 * Providers for the engines the host runs. Nothing here talks to a third party unless the host
 * points the URL at one. Every call ends within `timeoutMs` (connect, answer and body together).
 */

export interface Translator {
  translate(text: string, target: TranslateLang): Promise<string>;
}

export interface AudioFile {
  bytes: Uint8Array<ArrayBuffer>;
  name: string;
  mime: string;
}

export interface Transcriber {
  transcribe(audio: AudioFile): Promise<string>;
}

/** An engine answered badly, not at all, or too late. */
export class EngineError extends Error {}

/** LibreTranslate's codes where they differ from the app's ('zt' is its Traditional Chinese). */
const LIBRE_CODES: Partial<Record<TranslateLang, string>> = { 'zh-Hant': 'zt' };

function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

async function callEngine(url: string, init: RequestInit, timeoutMs: number): Promise<Record<string, unknown>> {
  let res: Response;
  let body: unknown;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    body = await res.json();
  } catch (err) {
    throw new EngineError(`engine unreachable, slow or not JSON: ${(err as Error).message}`);
  }
  if (!res.ok) throw new EngineError(`engine answered HTTP ${res.status}`);
  if (typeof body !== 'object' || body === null) throw new EngineError('engine answered no object');
  return body as Record<string, unknown>;
}

/** `POST <url>/translate {q, source:'auto', target, format:'text', api_key}` → `{translatedText}`. */
export function libreTranslate(url: string, apiKey: string | undefined, timeoutMs: number): Translator {
  return {
    async translate(text, target) {
      const body = await callEngine(
        joinUrl(url, '/translate'),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ q: text, source: 'auto', target: LIBRE_CODES[target] ?? target, format: 'text', api_key: apiKey ?? '' }),
        },
        timeoutMs,
      );
      if (typeof body.translatedText !== 'string') throw new EngineError('no translatedText in the answer');
      return body.translatedText;
    },
  };
}

/** OpenAI-compatible `POST <url>/v1/audio/transcriptions` (multipart: file, model) → `{text}`. */
export function openAiTranscriber(url: string, apiKey: string | undefined, model: string, timeoutMs: number): Transcriber {
  const endpoint = /\/audio\/transcriptions$/.test(url) ? url : joinUrl(url, '/v1/audio/transcriptions');
  return {
    async transcribe(audio) {
      const form = new FormData();
      form.append('file', new Blob([audio.bytes], { type: audio.mime || 'application/octet-stream' }), audio.name);
      form.append('model', model);
      form.append('response_format', 'json');
      const body = await callEngine(
        endpoint,
        { method: 'POST', headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {}, body: form },
        timeoutMs,
      );
      if (typeof body.text !== 'string') throw new EngineError('no text in the answer');
      return body.text.trim();
    },
  };
}

export interface Engines {
  translator: Translator | null;
  transcriber: Transcriber | null;
}

/** The engines the config names; a feature without a URL is off. */
export function enginesOf(config: Config): Engines {
  return {
    translator: config.translateUrl ? libreTranslate(config.translateUrl, config.translateApiKey, config.engineTimeoutMs) : null,
    transcriber: config.transcribeUrl
      ? openAiTranscriber(config.transcribeUrl, config.transcribeApiKey, config.transcribeModel, config.engineTimeoutMs)
      : null,
  };
}

/** Which engine features are on, for getSystemInfo. */
export function featuresOf(config: Config): Features {
  return { translate: Boolean(config.translateUrl), transcribe: Boolean(config.transcribeUrl) };
}
