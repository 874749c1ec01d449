import { errors, formatErrorText } from '@parley/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { DomainError } from '../domainError.ts';
import { ApiError, failure } from './envelope.ts';

/** First issue of a zod error as one readable sentence, naming the field. */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const field = issue.path.join('.');
  const custom = !/^(Invalid|Too (big|small)|Unrecognized)/.test(issue.message);
  if (custom) return issue.message;
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return `${field || 'body'} is required`;
  }
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Maps every thrown error to the envelope; only a real bug is a 500, and it is logged. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof DomainError) {
      const def = errors[err.key];
      const body = { ...failure(def.code, formatErrorText(def.text, err.params)), key: err.key };
      const status = (err as DomainError & { status?: number }).status ?? 200;
      return reply.status(status).send(err.params ? { ...body, params: err.params } : body);
    }
    if (err instanceof ApiError) {
      return reply.status(err.status).send(failure(err.code, err.message));
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(failure(400, 'The request body is too large.'));
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(failure(400, 'Send the body as application/json.'));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send(failure(400, fe.message || 'The request is not valid.'));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(failure(500, 'Something went wrong on the server. Please try again.'));
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(failure(404, `No such endpoint: ${req.method} ${req.url.split('?')[0]}`));
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
        return done(new ApiError(400, 'The body must be a JSON object.', 400), undefined);
      }
      done(null, value);
    } catch {
      done(new ApiError(400, 'The body is not valid JSON.', 400), undefined);
    }
  });
}
