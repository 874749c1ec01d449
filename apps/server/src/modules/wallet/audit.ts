import { fenToYuan } from '@parley/protocol';
import type { Db } from '../../db/index.ts';
import { SYSTEM_ACCOUNTS } from './ledger.ts';
import { sumOf } from './store.ts';

export interface AuditReport {
  ok: boolean;
  problems: string[];
  figures: { transactions: number; wallets: number; escrow: string; heldWithdrawals: string; providerSide: string };
}

/**
 * `admin wallet audit`: every transaction sums to zero, every cached balance equals its entries and
 * none is negative, and the system accounts match what they stand for (escrow = unclaimed,
 * unrefunded red-packet money; withdrawal clearing = pending withdrawals).
 */
export async function auditWallets(db: Db): Promise<AuditReport> {
  const problems: string[] = [];
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select(['txn_id', sumOf('amount').as('total'), (eb) => eb.fn.countAll<number>().as('legs')])
    .groupBy('txn_id')
    .having((eb) => eb.or([eb(sumOf('amount'), '<>', 0), eb(eb.fn.countAll(), '<', 2)]))
    .limit(20)
    .execute();
  for (const t of unbalanced) problems.push(`transaction ${t.txn_id} sums to ${t.total} fen over ${t.legs} entries`);

  const entryTotals = await db
    .selectFrom('ledger_entries')
    .select(['account', sumOf('amount').as('total')])
    .groupBy('account')
    .execute();
  const byAccount = new Map(entryTotals.map((r) => [r.account, Number(r.total)]));
  const wallets = await db.selectFrom('wallets').select(['user_id', 'balance']).execute();
  for (const w of wallets) {
    const sum = byAccount.get(`user:${w.user_id}`) ?? 0;
    if (Number(w.balance) !== sum) problems.push(`wallet of user ${w.user_id}: cached ${w.balance} fen, entries ${sum} fen`);
    if (Number(w.balance) < 0) problems.push(`wallet of user ${w.user_id} is negative (${w.balance} fen)`);
  }
  const walletIds = new Set(wallets.map((w) => `user:${w.user_id}`));
  for (const account of byAccount.keys()) {
    if (account.startsWith('user:') && !walletIds.has(account)) problems.push(`entries for ${account} without a wallet`);
  }

  const packets = await db
    .selectFrom('red_packets')
    .select([sumOf('total').as('total'), sumOf('claimed_total').as('claimed'), sumOf('refunded').as('refunded')])
    .executeTakeFirstOrThrow();
  const unclaimed = Number(packets.total) - Number(packets.claimed) - Number(packets.refunded);
  const escrow = byAccount.get(SYSTEM_ACCOUNTS.escrow) ?? 0;
  if (escrow !== unclaimed) problems.push(`escrow holds ${escrow} fen, red packets leave ${unclaimed} fen unclaimed`);
  const shareMismatch = await db
    .selectFrom('red_packets as p')
    .leftJoin('red_packet_shares as s', (j) => j.onRef('s.packet_id', '=', 'p.msg_id').on('s.claimed_by', 'is not', null))
    .select(['p.msg_id', 'p.claimed_total', 'p.claimed_count', sumOf('s.amount').as('shares'), (eb) => eb.fn.count<number>('s.seq').as('n')])
    .groupBy(['p.msg_id', 'p.claimed_total', 'p.claimed_count'])
    .having((eb) => eb.or([eb(sumOf('s.amount'), '<>', eb.ref('p.claimed_total')), eb(eb.fn.count('s.seq'), '<>', eb.ref('p.claimed_count'))]))
    .limit(20)
    .execute();
  for (const p of shareMismatch) problems.push(`red packet ${p.msg_id}: claimed ${p.claimed_total} fen in ${p.claimed_count}, shares say ${p.shares} in ${p.n}`);

  const held = await db
    .selectFrom('wallet_requests')
    .select(sumOf('amount').as('total'))
    .where('kind', '=', 'withdraw')
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const clearing = byAccount.get(SYSTEM_ACCOUNTS.withdrawal) ?? 0;
  if (clearing !== Number(held.total)) problems.push(`withdrawal clearing holds ${clearing} fen, pending withdrawals ${held.total} fen`);

  const txns = await db.selectFrom('ledger_txns').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return {
    ok: problems.length === 0,
    problems,
    figures: {
      transactions: Number(txns.n),
      wallets: wallets.length,
      escrow: fenToYuan(escrow),
      heldWithdrawals: fenToYuan(clearing),
      providerSide: fenToYuan(byAccount.get(SYSTEM_ACCOUNTS.recharge) ?? 0),
    },
  };
}
