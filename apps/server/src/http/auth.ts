import type { FastifyRequest } from 'fastify';
import { ApiError, refuse } from './envelope.ts';

export interface AuthUser {
  userId: number;
  sessionId: number;
  device: string;
}

export interface SessionResolver {
  resolve(token: string): Promise<AuthUser | null>;
}

/** Reads the raw token from `Authorization: <token>` (a `Bearer ` prefix is accepted too). */
export function tokenFromHeader(req: FastifyRequest): string | null {
  const raw = req.headers.authorization;
  if (typeof raw !== 'string') return null;
  const token = raw.startsWith('Bearer ') ? raw.slice(7).trim() : raw.trim();
  return /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : null;
}

export async function requireUser(req: FastifyRequest, sessions: SessionResolver): Promise<AuthUser> {
  const token = tokenFromHeader(req);
  if (!token) throw new ApiError(401, 'Sign in first: the Authorization header is missing or malformed.', 401);
  const user = await sessions.resolve(token);
  if (!user) throw refuse.sessionGone();
  return user;
}
