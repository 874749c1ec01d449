import fs from 'node:fs';
import path from 'node:path';
import { fail } from '../../domainError.ts';
import { SERVER_ROOT } from '../../serverRoot.ts';

/** The shipped list of common passwords (common-passwords.txt), lower case, read once. */
const COMMON = new Set(
  fs
    .readFileSync(path.join(SERVER_ROOT, 'src/modules/auth/common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/**
 * Refuses a password that is only spaces, the account name itself, or one of the common ones.
 * The 6-16 character rule is the protocol's `passwordSchema`, checked before this.
 */
export function assertStrongPassword(password: string, account: string): void {
  if (password.trim() === '') throw fail('security.blankPassword');
  if (password.trim().toLowerCase() === account.trim().toLowerCase()) throw fail('security.passwordIsAccount');
  if (COMMON.has(password.toLowerCase())) throw fail('security.commonPassword');
}
