import type { Db } from '../../db/index.ts';
import { fail } from '../../domainError.ts';

/**
 * The double-entry ledger (design: Money). Every movement is one `ledger_txns` row with entries
 * that sum to zero; a user wallet's balance is the sum of its entries, cached on `wallets.balance`
 * in the same database transaction. Callers run these inside `db.transaction()`.
 */

/** System accounts: money from or to the provider, withdrawals held while pending, unclaimed red packets. */
export const SYSTEM_ACCOUNTS = {
  /** the provider's side: −(recharged) + (paid out) */
  recharge: 'system:recharge',
  /** withdrawals held from balances while they are pending */
  withdrawal: 'system:withdrawal',
  /** red-packet money not yet claimed or refunded */
  escrow: 'system:escrow',
} as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];
export type Account = SystemAccount | `user:${number}`;

export const userAccount = (userId: number): Account => `user:${userId}`;

function userOf(account: Account): number | null {
  return account.startsWith('user:') ? Number(account.slice(5)) : null;
}

export interface Transfer {
  /** the bill kind (or a system kind such as withdraw_payout) */
  kind: string;
  /** what it is about: a red packet's msg_id, a request id */
  ref: string | number;
  from: Account;
  to: Account;
  /** fen, > 0 */
  amount: number;
  now: number;
}

/**
 * Moves `amount` from one account to another as one transaction of two entries. A user wallet is
 * debited only if it holds enough (one conditional update, so concurrent payments never take it
 * below zero): otherwise `wallet.insufficient` (or `wallet.notOpened`). Answers the new balance of
 * every user wallet it touched.
 */
export async function transfer(trx: Db, t: Transfer): Promise<Map<number, number>> {
  if (!Number.isSafeInteger(t.amount) || t.amount <= 0) throw new RangeError(`transfer of ${t.amount} fen`);
  const balances = new Map<number, number>();
  const legs: { account: Account; amount: number }[] = [
    { account: t.from, amount: -t.amount },
    { account: t.to, amount: t.amount },
  ];
  for (const leg of legs) {
    const userId = userOf(leg.account);
    if (userId === null) continue;
    const row = await trx
      .updateTable('wallets')
      .set((eb) => ({ balance: eb('balance', '+', leg.amount) }))
      .where('user_id', '=', userId)
      .$if(leg.amount < 0, (q) => q.where('balance', '>=', -leg.amount))
      .returning('balance')
      .executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom('wallets').select('user_id').where('user_id', '=', userId).executeTakeFirst();
      throw exists ? fail('wallet.insufficient') : fail('wallet.notOpened');
    }
    balances.set(userId, Number(row.balance));
  }
  const ref = String(t.ref);
  const txn = await trx
    .insertInto('ledger_txns')
    .values({ kind: t.kind, ref, created_at: t.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('ledger_entries')
    .values(
      legs.map((leg) => {
        const userId = userOf(leg.account);
        return {
          txn_id: Number(txn.id),
          account: leg.account,
          amount: leg.amount,
          balance_after: userId === null ? null : (balances.get(userId) as number),
          kind: t.kind,
          ref,
          created_at: t.now,
        };
      }),
    )
    .execute();
  return balances;
}
