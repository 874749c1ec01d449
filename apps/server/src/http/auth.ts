import type { FastifyRequest } from 'fastify';
import { fail } from '../domainError.ts';
import type { AuthUser, SessionResolver } from '../session.ts';

export type { AuthUser, SessionResolver } from '../session.ts';

/** Reads the raw token from `Authorization: <token>` (a `Bearer ` prefix is accepted too). */
export function tokenFromHeader(req: FastifyRequest): string | null {
  const raw = req.headers.authorization;
  if (typeof raw !== 'string') return null;
  const token = raw.startsWith('Bearer ') ? raw.slice(7).trim() : raw.trim();
  return /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : null;
}

export async function requireUser(req: FastifyRequest, sessions: SessionResolver): Promise<AuthUser> {
  const token = tokenFromHeader(req);
  if (!token) throw fail('common.signIn');
  const user = await sessions.resolve(token);
  if (!user) throw fail('common.sessionGone');
  return user;
}
