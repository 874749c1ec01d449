import { Code, carriesNul, type ErrorKey, type ErrorParams, errors, isErrorKey, NUL_REFUSAL } from '@parley/protocol';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, fail } from '../domainError.ts';
import { refusal } from './envelope.ts';

/** The first issue of a body that fails its schema, as the zod type provider reports it. */
export interface BodyIssue {
  /** zod's issue code */
  keyword: string;
  /** the field, as a JSON pointer (`/extends/quote`); `/` for the body itself */
  instancePath: string;
  message?: string;
}

/**
 * A body that fails its schema: the first issue's own key when the schema names one (the protocol's
 * zod messages are error keys), else `common.fieldRequired` or `common.invalid` with a readable detail.
 */
export function bodyRefusal(issue: BodyIssue | undefined): DomainError {
  if (!issue) return fail('common.requestInvalid');
  const message = issue.message ?? '';
  if (isErrorKey(message)) return fail(message);
  const field = issue.instancePath.split('/').filter(Boolean).join('.');
  if (issue.keyword === 'invalid_type' && message.endsWith('received undefined')) {
    return fail('common.fieldRequired', { field: field || 'body' });
  }
  const own = !/^(Invalid|Too (big|small)|Unrecognized)/.test(message);
  return fail('common.invalid', { detail: field && !own ? `${field}: ${message}` : message });
}

/** A body with U+0000 anywhere (see carriesNul): refused before its schema is checked. */
export function nulRefusal(body: unknown): DomainError | null {
  return carriesNul(body) ? fail('common.invalid', { detail: NUL_REFUSAL }) : null;
}

/** A GET (a file download) answers with the HTTP status its code names; a POST with 200. */
function httpStatus(req: FastifyRequest, key: ErrorKey): number {
  const def = errors[key] as { code: number; status?: number };
  if (def.status) return def.status;
  if (req.method !== 'GET') return 200;
  if (def.code === Code.SESSION_GONE || def.code === Code.UNAUTHORIZED) return 401;
  return def.code >= 400 && def.code < 600 ? def.code : 400;
}

function send(req: FastifyRequest, reply: FastifyReply, key: ErrorKey, params?: ErrorParams, status?: number) {
  return reply.status(status ?? httpStatus(req, key)).send(refusal(key, errors[key].code, params));
}

/** Maps every thrown error to the envelope; only a real bug is a 500, and it is logged. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | DomainError, req, reply) => {
    // a protection (rate limit, slow body) may give its refusal an HTTP status of its own
    if (err instanceof DomainError) return send(req, reply, err.key, err.params, (err as DomainError & { status?: number }).status);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const refused = bodyRefusal(err.validation[0]);
      return send(req, reply, refused.key, refused.params);
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(req, reply, 'common.bodyTooLarge');
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(req, reply, 'common.mediaType');
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply
        .status(fe.statusCode)
        .send(refusal('common.invalid', Code.BAD_REQUEST, { detail: fe.message || 'The request is not valid.' }));
    }
    if (fe.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      // the client went away while its answer was being written (a page left mid-load): nothing broke here
      req.log.info({ code: fe.code }, 'the client left before its answer was written');
      return send(req, reply, 'common.server');
    }
    req.log.error({ err }, 'unhandled error');
    return send(req, reply, 'common.server');
  });
  app.setNotFoundHandler((req, reply) => {
    send(req, reply, 'common.noEndpoint', { endpoint: `${req.method} ${req.url.split('?')[0]}` });
  });
}

/** JSON bodies: an empty body is `{}`, malformed JSON is a 400 with a clear message. */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      const value = JSON.parse(text);
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return done(fail('common.notObject'), undefined);
      }
      // JSON spells U+0000 only as \u0000: a body without that text has none to look for
      const nul = text.includes('\\u0000') ? nulRefusal(value) : null;
      if (nul) return done(nul, undefined);
      done(null, value);
    } catch {
      done(fail('common.notJson'), undefined);
    }
  });
}

/**
 * Node's refusals of a request it could not read (the body or headers came too slowly, headers too
 * large, not HTTP): the envelope every other refusal has, not Fastify's `{error, message, statusCode}`.
 */
export function clientErrorAnswer(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const key: ErrorKey =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'common.requestTimeout' : err.code === 'HPE_HEADER_OVERFLOW' ? 'common.headersTooLarge' : 'common.requestInvalid';
  const status = (errors[key] as { status?: number }).status ?? 400;
  const body = JSON.stringify(refusal(key, errors[key].code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
