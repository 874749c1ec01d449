import fs from 'node:fs';
import path from 'node:path';
import { fail } from '../../domainError.ts';
import { SERVER_ROOT } from '../../serverRoot.ts';

let common: ReadonlySet<string> | undefined;

/**
 * The shipped list of common passwords (common-passwords.txt), lower case, read on the first
 * password set (an idle server does not hold its 5,000 entries).
 */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    fs
      .readFileSync(path.join(SERVER_ROOT, 'src/modules/auth/common-passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
}

/**
 * Refuses a password that is only spaces, the account name itself, or one of the common ones.
 * The 6-16 character rule is the protocol's `passwordSchema`, checked before this.
 */
export function assertStrongPassword(password: string, account: string): void {
  if (password.trim() === '') throw fail('security.blankPassword');
  if (password.trim().toLowerCase() === account.trim().toLowerCase()) throw fail('security.passwordIsAccount');
  if (commonPasswords().has(password.toLowerCase())) throw fail('security.commonPassword');
}
