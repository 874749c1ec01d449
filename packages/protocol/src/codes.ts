/** Response codes of the `{code, msg, data}` envelope (design: Contract). */
export const Code = {
  OK: 0,
  SESSION_GONE: -1,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NOT_ALLOWED: 405,
  SERVER: 500,
  UPSTREAM: 502,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/** Codes for which the client shows the server's msg as a 2.5 s toast (spec §8). */
export const TOAST_CODES: readonly number[] = [0, 400, 401, 402, 403, 404, 405, 500, 502];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  count?: number;
  page?: number;
  /** On a refusal: the stable key of `contract/errors.ts`, and its parameters. */
  key?: string;
  params?: Record<string, string | number>;
}
