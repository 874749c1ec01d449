import { Code, type Envelope, TOAST_CODES } from '@parley/protocol';

/**
 * The error catalogue of spec §8 as pure decisions: what to show and what happens to the
 * session for each kind of answer. The client carries them out.
 */
export type Notice = { text: string; tone: 'success' | 'info' } | { key: NoticeKey; tone: 'info' };
export type NoticeKey = 'errors.serverError' | 'errors.networkTimeout' | 'errors.sessionEnded';

export interface Verdict {
  /** Resolve the request (true) or reject it. */
  ok: boolean;
  notice?: Notice;
  /** 'relogin': log out after RELOGIN_REDIRECT_MS; 'authDialog': ask the user to log in again. */
  session?: 'relogin' | 'authDialog';
}

export function judgeEnvelope(envelope: Envelope): Verdict {
  const msg = typeof envelope.msg === 'string' ? envelope.msg.trim() : '';
  if (envelope.code === Code.OK) return msg ? { ok: true, notice: { text: msg, tone: 'success' } } : { ok: true };
  if (envelope.code === Code.SESSION_GONE) {
    return { ok: false, notice: msg ? { text: msg, tone: 'info' } : { key: 'errors.sessionEnded', tone: 'info' }, session: 'relogin' };
  }
  if (TOAST_CODES.includes(envelope.code) && msg) return { ok: false, notice: { text: msg, tone: 'info' } };
  return { ok: false };
}

/** `message` is the server's msg when the answer carries one, else the HTTP status text. */
export function judgeHttpStatus(status: number, message: string): Verdict {
  if (status === 401) return { ok: false, session: 'authDialog' };
  if (status === 500) return { ok: false, notice: { key: 'errors.serverError', tone: 'info' } };
  const text = message.trim() || `HTTP ${status}`;
  return { ok: false, notice: { text, tone: 'info' } };
}

/** The request never got an answer: refused connection, offline, or the 10 s timeout. */
export function judgeTransportFailure(): Verdict {
  return { ok: false, notice: { key: 'errors.networkTimeout', tone: 'info' } };
}

/** A 2xx answer that is not an envelope. */
export function judgeMalformedAnswer(): Verdict {
  return { ok: false, notice: { key: 'errors.serverError', tone: 'info' } };
}

export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}
