import { type EndpointData, type EndpointName, type EndpointParsedBody, endpoints } from '@parley/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fail } from '../domainError.ts';
import { answerSchemaOf } from './answerSchema.ts';
import { type AuthUser, requireUser, type SessionResolver } from './auth.ts';
import { Answer, envelope } from './envelope.ts';

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
export function makeRouter(app: FastifyInstance, sessions: SessionResolver) {
  app.setValidatorCompiler(validateBody);
  app.setSerializerCompiler(plainJson);

  function on(scope: FastifyInstance) {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    return {
      handle<K extends EndpointName>(name: K, handler: EndpointHandler<K>): void {
        const def = endpoints[name];
        const auth = def.access !== 'public';
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
            const result = await (handler as (c: AuthedCtx<unknown>) => unknown)({
              body: def.multipart ? {} : req.body,
              req,
              reply,
              user: users.get(req) as AuthUser,
            });
            if (reply.sent) return reply;
            if (result instanceof Answer) return envelope(result.data, result.extra);
            return envelope(result ?? null);
          },
        );
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
