import { hash, verify } from '../../passwordHash.ts';
import { checkPayPassword, DEFAULT_PAY_PASSWORD, PAY_PASSWORD_FAILURES_MAX, PAY_PASSWORD_LOCK_MS } from '@parley/protocol';
import type { Db } from '../../db/index.ts';
import { fail } from '../../domainError.ts';
import { ARGON } from '../auth/service.ts';

export const hashPayPassword = (password: string) => hash(password, ARGON);

let defaultHash: Promise<string> | null = null;
/** The hash of 000000, made once per process: wallets opened implicitly (by a claim) start with it. */
export function defaultPayHash(): Promise<string> {
  defaultHash ??= hashPayPassword(DEFAULT_PAY_PASSWORD);
  return defaultHash;
}

const minutesLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000));

/** Each user's payment-password check in progress on this node, per database: the next waits for it. */
const checking = new WeakMap<Db, Map<number, Promise<void>>>();

/**
 * Checks a payment password. A try is counted BEFORE the hash is compared, with one conditional
 * update (fewer than 5 failures so far), so parallel guesses cannot get more than 5 tries: the
 * 5th counted try locks payments for 15 minutes; a right password clears the count. A user's checks
 * on one node run one after another: counted while in flight, 5 parallel payments with the right
 * password made the 6th look locked.
 */
export function checkPaymentPassword(db: Db, userId: number, password: string, now?: number): Promise<void> {
  let users = checking.get(db);
  if (!users) {
    users = new Map();
    checking.set(db, users);
  }
  const mine = (users.get(userId) ?? Promise.resolve()).catch(() => undefined).then(() => checkNow(db, userId, password, now ?? Date.now()));
  users.set(userId, mine);
  const forget = () => {
    if (users.get(userId) === mine) users.delete(userId);
  };
  mine.then(forget, forget);
  return mine;
}

async function checkNow(db: Db, userId: number, password: string, now: number): Promise<void> {
  if (checkPayPassword(password)) throw fail('wallet.payPasswordFormat');
  let slot = await reserveTry(db, userId, now);
  if (!slot) {
    const w = await db
      .selectFrom('wallets')
      .select(['pay_locked_until'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!w) throw fail('wallet.notOpened');
    const until = Number(w.pay_locked_until);
    if (until > now) throw fail('wallet.payPasswordLocked', { minutes: minutesLeft(until, now) });
    // the lock is over: start counting again (once, whoever gets here first)
    await db
      .updateTable('wallets')
      .set({ pay_failures: 0, pay_locked_until: 0 })
      .where('user_id', '=', userId)
      .where('pay_failures', '>=', PAY_PASSWORD_FAILURES_MAX)
      .where('pay_locked_until', '<=', now)
      .execute();
    slot = await reserveTry(db, userId, now);
    if (!slot) throw fail('wallet.payPasswordLocked', { minutes: minutesLeft(now + PAY_PASSWORD_LOCK_MS, now) });
  }
  if (await verify(slot.hash, password)) {
    await db.updateTable('wallets').set({ pay_failures: 0, pay_locked_until: 0 }).where('user_id', '=', userId).execute();
    return;
  }
  const left = PAY_PASSWORD_FAILURES_MAX - slot.failures;
  if (left <= 0) throw fail('wallet.payPasswordLocked', { minutes: minutesLeft(now + PAY_PASSWORD_LOCK_MS, now) });
  throw fail('wallet.payPasswordWrong', { left });
}

async function reserveTry(db: Db, userId: number, now: number): Promise<{ failures: number; hash: string } | null> {
  const row = await db
    .updateTable('wallets')
    .set((eb) => ({
      pay_failures: eb('pay_failures', '+', 1),
      pay_locked_until: eb
        .case()
        .when(eb('pay_failures', '+', 1), '>=', PAY_PASSWORD_FAILURES_MAX)
        .then(now + PAY_PASSWORD_LOCK_MS)
        .else(eb.ref('pay_locked_until'))
        .end(),
    }))
    .where('user_id', '=', userId)
    .where('pay_failures', '<', PAY_PASSWORD_FAILURES_MAX)
    .returning(['pay_failures', 'pay_hash'])
    .executeTakeFirst();
  return row ? { failures: Number(row.pay_failures), hash: row.pay_hash } : null;
}
