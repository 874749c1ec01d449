import { createHash, randomBytes } from 'node:crypto';

/** 192 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newInviteCode(): string {
  return randomBytes(5).toString('hex').toUpperCase().slice(0, 8);
}
