import { createHash, randomBytes } from 'node:crypto';

/** 192 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The stored form of a token or code: never the secret itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
