import {
  type EndpointData,
  type EndpointName,
  type EndpointParsedBody,
  type Envelope,
  endpoints,
  SOCKET_CALLS,
  type SocketCallName,
} from '@parley/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fail } from '../domainError.ts';
import { answerSchemaOf } from './answerSchema.ts';
import { type AuthUser, requireUser, type SessionResolver } from './auth.ts';
import { callBudget } from './callBudget.ts';
import { ownSocketOf } from './clientId.ts';
import { type OwnSocket, ownSocket } from '../realtime/ownSocket.ts';
import { Answer, envelope } from './envelope.ts';
import { bodyRefusal, nulRefusal } from './errors.ts';

export interface Ctx<B> {
  body: B;
  req: FastifyRequest;
  reply: FastifyReply;
}
export interface AuthedCtx<B> extends Ctx<B> {
  user: AuthUser;
}
/** What a socket-callable endpoint's handler gets, over HTTP or over the socket: no request or reply. */
export interface CallCtx<B> {
  body: B;
  user: AuthUser;
  /** the calling socket (HTTP: the `clientId` header): it gets the answer, so pushes skip it */
  clientId: OwnSocket | undefined;
}

type Access<K extends EndpointName> = (typeof endpoints)[K]['access'];
type HandlerCtx<K extends EndpointName> = K extends SocketCallName
  ? CallCtx<EndpointParsedBody<K>>
  : Access<K> extends 'public'
    ? Ctx<EndpointParsedBody<K>>
    : AuthedCtx<EndpointParsedBody<K>>;
type Result<K extends EndpointName> = EndpointData<K> | Answer<EndpointData<K>>;
export type EndpointHandler<K extends EndpointName> = (ctx: HandlerCtx<K>) => Promise<Result<K>> | Result<K>;

const MULTIPART = /^multipart\/form-data\s*;/i;

const socketCallable = new Set<EndpointName>(SOCKET_CALLS);

/** A socket-callable endpoint as the socket runs it: the caller, the unparsed body, the calling socket; answers the envelope or throws the refusal. */
export type SocketCall = (user: AuthUser, body: unknown, clientId: string) => Promise<Envelope<unknown>>;

/**
 * The zod type provider's validator; a POST without any body (no content type, so no parser ran)
 * is `{}`, as an empty JSON body is. A failure reaches `http/errors.ts`, which answers `bodyRefusal`.
 */
const validateBody: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => validate(data ?? {});
};

/** Answers are plain JSON: their schemas document them, the integration suites' contract test checks them. */
const plainJson = () => JSON.stringify;

/**
 * Registers the routes of the protocol's endpoint table (no route exists outside it) through
 * `fastify-type-provider-zod`: path, access rule, request schema and answer schema come from the
 * table; handlers answer `data` (or an `Answer` with a toast or list paging) and refuse by throwing
 * a `DomainError` (`fail(key)`).
 */
export function makeRouter(app: FastifyInstance, sessions: SessionResolver, rateLimitScale = 1) {
  app.setValidatorCompiler(validateBody);
  app.setSerializerCompiler(plainJson);
  const calls = new Map<SocketCallName, SocketCall>();

  const answerOf = (result: unknown) => (result instanceof Answer ? envelope(result.data, result.extra) : envelope(result ?? null));

  function on(scope: FastifyInstance) {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    return {
      handle<K extends EndpointName>(name: K, handler: EndpointHandler<K>): void {
        const def = endpoints[name];
        const auth = def.access !== 'public';
        const run = handler as (c: AuthedCtx<unknown> & CallCtx<unknown>) => unknown;
        const spend = socketCallable.has(name) ? callBudget(name as SocketCallName, rateLimitScale) : null;
        if (spend) {
          calls.set(name as SocketCallName, async (user, raw, clientId) => {
            const nul = nulRefusal(raw);
            if (nul) throw nul;
            const parsed = def.body.safeParse(raw ?? {});
            if (!parsed.success) {
              const issue = parsed.error.issues[0];
              throw bodyRefusal(issue && { keyword: issue.code, instancePath: `/${issue.path.join('/')}`, message: issue.message });
            }
            spend(user.userId);
            return answerOf(await (run as (c: CallCtx<unknown>) => unknown)({ body: parsed.data, user, clientId: ownSocket(user.userId, clientId) }));
          });
        }
        const users = new WeakMap<FastifyRequest, AuthUser>();
        // Auth first (no token: HTTP 401), then a multipart endpoint refuses any other body.
        const onRequest = async (req: FastifyRequest) => {
          if (auth) users.set(req, await requireUser(req, sessions));
          if (def.multipart && !MULTIPART.test(req.headers['content-type'] ?? '')) throw fail('uploads.notMultipart');
        };
        typed.post(
          def.path,
          {
            onRequest,
            // a multipart body is read by the handler itself (streamed to disk)
            schema: { ...(def.multipart ? {} : { body: def.body }), response: { 200: answerSchemaOf(name) } },
          },
          async (req, reply) => {
            const user = users.get(req) as AuthUser;
            spend?.(user.userId);
            const result = await run({ body: def.multipart ? {} : req.body, req, reply, user, clientId: user ? ownSocketOf(req, user.userId) : undefined });
            if (reply.sent) return reply;
            return answerOf(result);
          },
        );
      },
    };
  }
  return {
    ...on(app),
    /** The same router inside an encapsulated scope (e.g. where the multipart parser is registered). */
    within: on,
    /** The socket-callable endpoints' handlers, once registered (`realtime/calls.ts` runs them). */
    calls: calls as ReadonlyMap<SocketCallName, SocketCall>,
  };
}

export type Router = ReturnType<typeof makeRouter>;
