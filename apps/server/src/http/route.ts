import { Code, type EndpointData, type EndpointName, type EndpointParsedBody, endpoints } from '@parley/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

type Access<K extends EndpointName> = (typeof endpoints)[K]['access'];
type HandlerCtx<K extends EndpointName> = Access<K> extends 'public'
  ? Ctx<EndpointParsedBody<K>>
  : AuthedCtx<EndpointParsedBody<K>>;
type Result<K extends EndpointName> = EndpointData<K> | Answer<EndpointData<K>>;
export type EndpointHandler<K extends EndpointName> = (ctx: HandlerCtx<K>) => Promise<Result<K>> | Result<K>;

const MULTIPART = /^multipart\/form-data\s*;/i;

/**
 * Registers the routes of the protocol's endpoint table (no route exists outside it): path, access
 * rule and request schema come from the table; handlers answer `data` (or an `Answer` with a toast
 * or list paging) and refuse by throwing a `DomainError` (`fail(key)`).
 */
export function makeRouter(app: FastifyInstance, sessions: SessionResolver) {
  function on(scope: FastifyInstance) {
    return {
      handle<K extends EndpointName>(name: K, handler: EndpointHandler<K>): void {
        const def = endpoints[name];
        const auth = def.access !== 'public';
        const users = new WeakMap<FastifyRequest, AuthUser>();
        // Auth first (no token: HTTP 401), then a multipart endpoint refuses any other body.
        const onRequest = async (req: FastifyRequest) => {
          if (auth) users.set(req, await requireUser(req, sessions));
          if (def.multipart && !MULTIPART.test(req.headers['content-type'] ?? '')) {
            throw new ApiError(Code.BAD_REQUEST, 'Send the file as multipart/form-data in a field named "file".');
          }
        };
        scope.post(def.path, { onRequest }, async (req, reply) => {
          // a multipart body is read by the handler itself (streamed to disk)
          const parsed = def.multipart ? { success: true as const, data: {} } : def.body.safeParse(req.body ?? {});
          if (!parsed.success) throw new ApiError(400, zodMessage(parsed.error));
          const result = await (handler as (c: AuthedCtx<unknown>) => unknown)({
            body: parsed.data,
            req,
            reply,
            user: users.get(req) as AuthUser,
          });
          if (reply.sent) return reply;
          if (result instanceof Answer) return envelope(result.data, result.extra);
          return envelope(result ?? null);
        });
      },
    };
  }
  return {
    ...on(app),
    /** The same router inside an encapsulated scope (e.g. where the multipart parser is registered). */
    within: on,
  };
}

export type Router = ReturnType<typeof makeRouter>;
