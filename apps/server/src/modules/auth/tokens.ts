import { randomBytes } from 'node:crypto';

export { hashToken, newToken } from '../../secrets.ts';

export function newInviteCode(): string {
  return randomBytes(5).toString('hex').toUpperCase().slice(0, 8);
}
