import type { FastifyRequest } from 'fastify';

/** The sending socket (`clientId` header): it gets the answer, so pushes skip it. */
export function clientIdOf(req: FastifyRequest): string | undefined {
  const raw = req.headers.clientid;
  return typeof raw === 'string' && raw.length > 0 && raw.length <= 64 ? raw : undefined;
}
