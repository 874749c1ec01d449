import { Code, type Envelope, type ErrorKey, type ErrorParams, errorText } from '@parley/protocol';
import type { AnswerExtra } from '../answer.ts';

export { Answer, type AnswerExtra } from '../answer.ts';

export function envelope<T>(data: T, extra: AnswerExtra = {}): Envelope<T> {
  const out: Envelope<T> = { code: Code.OK, msg: extra.note ? errorText(extra.note, extra.params) : '', data };
  if (extra.count !== undefined) out.count = extra.count;
  if (extra.page !== undefined) out.page = extra.page;
  if (extra.note) {
    out.key = extra.note;
    if (extra.params) out.params = extra.params;
  }
  return out;
}

/** A refusal `{code, msg, data: null, key, params?}`. */
export function refusal(key: ErrorKey, code: number, params?: ErrorParams): Envelope<null> {
  const body: Envelope<null> = { code, msg: errorText(key, params), data: null, key };
  if (params) body.params = params;
  return body;
}
