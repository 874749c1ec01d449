import { sql } from 'kysely';
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

export interface Leg {
  account: Account;
  /** fen: negative leaves the account, positive arrives */
  amount: number;
  /** what this leg is about, when it differs from the posting's (a batch of claims of several packets) */
  ref?: string | number;
}

/** One ledger transaction of several legs that sum to zero (a red-packet batch pays many claimers from escrow). */
export interface Posting {
  kind: string;
  ref: string | number;
  legs: Leg[];
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
  return post(trx, {
    kind: t.kind,
    ref: t.ref,
    legs: [
      { account: t.from, amount: -t.amount },
      { account: t.to, amount: t.amount },
    ],
    now: t.now,
  });
}

async function debit(trx: Db, userId: number, fen: number): Promise<number> {
  const row = await trx
    .updateTable('wallets')
    .set((eb) => ({ balance: eb('balance', '-', fen) }))
    .where('user_id', '=', userId)
    .where('balance', '>=', fen)
    .returning('balance')
    .executeTakeFirst();
  if (row) return Number(row.balance);
  const exists = await trx.selectFrom('wallets').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  throw exists ? fail('wallet.insufficient') : fail('wallet.notOpened');
}

/** Credits several wallets in one statement; `wallet.notOpened` if one of them is missing. */
async function credit(trx: Db, fens: Map<number, number>): Promise<Map<number, number>> {
  const ids = [...fens.keys()];
  const added = sql<number>`case user_id ${sql.join(
    ids.map((id) => sql`when ${id} then cast(${fens.get(id)} as bigint)`),
    sql` `,
  )} end`;
  const rows = await trx
    .updateTable('wallets')
    .set((eb) => ({ balance: eb('balance', '+', added) }))
    .where('user_id', 'in', ids)
    .returning(['user_id', 'balance'])
    .execute();
  if (rows.length !== ids.length) throw fail('wallet.notOpened');
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.balance)]));
}

/** Writes a posting: debits first (each refused if short), then credits, then the transaction and its entries. */
export async function post(trx: Db, p: Posting): Promise<Map<number, number>> {
  if (p.legs.some((l) => !Number.isSafeInteger(l.amount) || l.amount === 0) || p.legs.reduce((s, l) => s + l.amount, 0) !== 0) {
    throw new RangeError(`unbalanced posting ${p.kind}`);
  }
  const balances = new Map<number, number>();
  const credits = new Map<number, number>();
  for (const leg of p.legs) {
    const userId = userOf(leg.account);
    if (userId === null) continue;
    if (leg.amount < 0) balances.set(userId, await debit(trx, userId, -leg.amount));
    else credits.set(userId, (credits.get(userId) ?? 0) + leg.amount);
  }
  if (credits.size > 0) for (const [id, balance] of await credit(trx, credits)) balances.set(id, balance);
  const ref = String(p.ref);
  const txn = await trx
    .insertInto('ledger_txns')
    .values({ kind: p.kind, ref, created_at: p.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  // a wallet with several legs: each entry shows the balance right after it
  const running = new Map(balances);
  const after = [...p.legs]
    .reverse()
    .map((leg) => {
      const userId = userOf(leg.account);
      if (userId === null) return null;
      const balance = running.get(userId) as number;
      running.set(userId, balance - leg.amount);
      return balance;
    })
    .reverse();
  await trx
    .insertInto('ledger_entries')
    .values(
      p.legs.map((leg, i) => ({
        txn_id: Number(txn.id),
        account: leg.account,
        amount: leg.amount,
        balance_after: after[i],
        kind: p.kind,
        ref: leg.ref === undefined ? ref : String(leg.ref),
        created_at: p.now,
      })),
    )
    .execute();
  return balances;
}
