import type { FastifyRequest } from 'fastify';
import { type OwnSocket, ownSocket } from '../realtime/ownSocket.ts';

/** The sending socket (`clientId` header), as the caller names it: a call's own device. */
export function clientIdOf(req: FastifyRequest): string | undefined {
  const raw = req.headers.clientid;
  return typeof raw === 'string' && raw.length > 0 && raw.length <= 64 ? raw : undefined;
}

/** The caller's sending socket, which gets the answer, so pushes skip it (only if it is `userId`'s). */
export function ownSocketOf(req: FastifyRequest, userId: number): OwnSocket | undefined {
  const clientId = clientIdOf(req);
  return clientId === undefined ? undefined : ownSocket(userId, clientId);
}
