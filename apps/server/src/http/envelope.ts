import { Code, type Envelope } from '@parley/protocol';

/** A refusal: answered with HTTP 200 (or `status`) and `{code, msg, data:null}`; nothing is written. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 200,
  ) {
    super(message);
  }
}

export const refuse = {
  bad: (msg: string) => new ApiError(Code.BAD_REQUEST, msg),
  forbidden: (msg: string) => new ApiError(Code.FORBIDDEN, msg),
  notFound: (msg: string) => new ApiError(Code.NOT_FOUND, msg),
  sessionGone: (msg = 'Your session has ended. Please log in again.') => new ApiError(Code.SESSION_GONE, msg),
};

/** What a handler may return when it needs more than `data`: a success toast or list paging. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly extra: { msg?: string; count?: number; page?: number } = {},
  ) {}
}

export function envelope<T>(data: T, extra: { msg?: string; count?: number; page?: number } = {}): Envelope<T> {
  return { code: Code.OK, msg: extra.msg ?? '', data, ...pick(extra) };
}

function pick(extra: { count?: number; page?: number }) {
  const out: { count?: number; page?: number } = {};
  if (extra.count !== undefined) out.count = extra.count;
  if (extra.page !== undefined) out.page = extra.page;
  return out;
}

export function failure(code: number, msg: string): Envelope<null> {
  return { code, msg, data: null };
}
