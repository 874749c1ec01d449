import type { ErrorKey, ErrorParams } from '@parley/protocol';

export interface AnswerExtra {
  /** a success toast: a key of the error table (code 0 entries), answered as `msg`, `key` and `params` */
  note?: ErrorKey;
  params?: ErrorParams;
  count?: number;
  page?: number;
}

/**
 * What a service or handler returns when it needs more than `data`: a success toast or list paging.
 * `http/envelope.ts` turns it into `{code: 0, msg, data, count?, page?, key?}`.
 */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly extra: AnswerExtra = {},
  ) {}
}
