import type { ErrorKey, ErrorParams } from '@parley/protocol';

/**
 * A refusal thrown by a service: a stable key of the protocol's error table and its parameters.
 * Services know nothing of HTTP; `http/errors.ts` turns this into `{code, msg, data:null, key, params}`.
 */
export class DomainError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params?: ErrorParams,
  ) {
    super(key);
    this.name = 'DomainError';
  }
}

export function fail(key: ErrorKey, params?: ErrorParams): DomainError {
  return new DomainError(key, params);
}

/** A refusal answered with an HTTP status other than 200 (429, 503, 413…), still the envelope with its key. */
export function httpRefusal(status: number, key: ErrorKey, params?: ErrorParams): DomainError {
  return Object.assign(fail(key, params), { status });
}
