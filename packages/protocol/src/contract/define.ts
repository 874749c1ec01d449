import type { z } from 'zod';

/**
 * The shapes of the contract's three tables (design: Contract). Each domain declares its own
 * entries in `endpoints/<domain>.ts`, `errors/<domain>.ts` and `pushes/<domain>.ts`; the
 * `endpoints.ts`, `errors.ts` and `pushes.ts` beside this file gather them.
 */

/** Who may call an endpoint: anyone, or a signed-in user (a role rule, when there is one, is named). */
export type Access = 'public' | 'user';

export interface EndpointDef<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  /** The spec's path (matched case-insensitively by the server). */
  path: string;
  access: Access;
  /** The role rule beyond being signed in, in words (for example "group owner or admin"). */
  role?: string;
  /**
   * Request body: JSON, or with `multipart` the form fields beside the one file part named `file`.
   */
  body: B;
  /** The body is `multipart/form-data` (uploads). */
  multipart?: boolean;
  /**
   * A bound socket may also call it with a `call` frame, answered by an `answer` frame (design:
   * Realtime): the hot paths a client repeats, which then skip HTTP's per-request cost. Same access
   * rule, body, budget and answer as over HTTP.
   */
  socket?: boolean;
  /** Response `data`. */
  data: D;
  /** Owning server module (`apps/server/src/modules/<domain>`). */
  domain: string;
  /** One line for the API reference. */
  summary: string;
}

export function endpoint<B extends z.ZodType, D extends z.ZodType>(def: EndpointDef<B, D>): EndpointDef<B, D> {
  return def;
}

export type ErrorParams = Record<string, string | number>;

/** A refusal: the envelope `code` and the default English text; `{{name}}` marks a parameter. */
export interface ErrorDef {
  code: number;
  text: string;
  /** Defaults of the parameters (limits the text names); the thrower's params win. */
  params?: ErrorParams;
  /** HTTP status of the answer when it is not 200 (transport refusals: 401, 413, 415 …). */
  status?: number;
}

export function errorTable<const T extends Record<string, ErrorDef>>(table: T): T {
  return table;
}

/** Fills `{{name}}` placeholders; an unknown name stays as it is. */
export function formatErrorText(text: string, params: ErrorParams = {}): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
