import { type EndpointData, type EndpointName, type EndpointParsedBody, endpoints } from '@parley/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuthUser, requireUser, type SessionResolver } from './auth.ts';
import { Answer, ApiError, envelope } from './envelope.ts';
import { zodMessage } from './errors.ts';

export interface Ctx<B> {
  body: B;
  req: FastifyRequest;
  reply: FastifyReply;
}
export interface AuthedCtx<B> extends Ctx<B> {
  user: AuthUser;
}

type Handler<B, U> = (ctx: U extends true ? AuthedCtx<B> : Ctx<B>) => Promise<unknown> | unknown;

/**
 * Registers a POST route answering the `{code,msg,data}` envelope.
 * The body is parsed by `schema`; a refusal is an `ApiError` thrown by the handler.
 */
export interface RouteEntry {
  path: string;
  auth: boolean;
  body: z.ZodType;
  /** one line for the API reference */
  summary?: string;
}

export function makeRouter(app: FastifyInstance, sessions: SessionResolver) {
  /** Every JSON route registered, for the generated API reference (docs/api.md). */
  const catalog: RouteEntry[] = [];

  function post<S extends z.ZodType, A extends boolean>(
    path: string,
    opts: { auth: A; body: S; summary?: string },
    handler: Handler<z.infer<S>, A>,
  ): void {
    catalog.push({ path, auth: opts.auth, body: opts.body, summary: opts.summary });
    app.post(path, async (req, reply) => {
      const user = opts.auth ? await requireUser(req, sessions) : undefined;
      const parsed = opts.body.safeParse(req.body ?? {});
      if (!parsed.success) throw new ApiError(400, zodMessage(parsed.error));
      const result = await (handler as (c: AuthedCtx<unknown>) => unknown)({
        body: parsed.data,
        req,
        reply,
        user: user as AuthUser,
      });
      if (reply.sent) return reply;
      if (result instanceof Answer) return envelope(result.data, result.extra);
      return envelope(result ?? null);
    });
  }
  /**
   * Registers the handler of one entry of the protocol's endpoint table: its path, its access
   * rule and its request schema come from the table.
   */
  function handle<K extends EndpointName>(
    name: K,
    handler: Handler<
      EndpointParsedBody<K>,
      (typeof endpoints)[K]['access'] extends 'public' ? false : true
    > extends (ctx: infer C) => unknown
      ? (ctx: C) => Promise<EndpointData<K> | Answer<EndpointData<K>>> | EndpointData<K> | Answer<EndpointData<K>>
      : never,
  ): void {
    const def = endpoints[name];
    post(def.path, { auth: def.access !== 'public', body: def.body, summary: def.summary }, handler as never);
  }

  return { post, handle, catalog };
}

export type Router = ReturnType<typeof makeRouter>;
