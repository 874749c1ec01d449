import { fenToYuan, type WalletRequest } from '@parley/protocol';
import type { Db, Dialect } from '../../db/index.ts';
import type { Hub } from '../../realtime/hub.ts';
import { SYSTEM_ACCOUNTS, type Transfer, transfer, userAccount } from './ledger.ts';
import { type RequestRow, requestOut, walletStore } from './store.ts';

/**
 * Deciding recharge and withdraw requests: the admin command, the sandbox provider and the tests
 * all go through `decideRequest`. With a hub (inside the server) the owner hears of it at once;
 * without (the admin command, another process) the decision is marked unannounced and the running
 * server's poll (`announceDecided`) pushes it.
 */
export interface WalletDeps {
  db: Db;
  dialect: Dialect;
  hub?: Hub;
}

/** The ledger movement of a decision (none for a rejected recharge: no money had moved). */
function movementOf(r: RequestRow, status: 'approved' | 'rejected', now: number): Transfer | null {
  const base = { ref: `request:${r.id}`, amount: Number(r.amount), now };
  const user = userAccount(r.user_id);
  if (r.kind === 'recharge') {
    return status === 'approved' ? { ...base, kind: 'recharge', from: SYSTEM_ACCOUNTS.recharge, to: user } : null;
  }
  return status === 'approved'
    ? { ...base, kind: 'withdraw_payout', from: SYSTEM_ACCOUNTS.withdrawal, to: SYSTEM_ACCOUNTS.recharge }
    : { ...base, kind: 'withdraw_refund', from: SYSTEM_ACCOUNTS.withdrawal, to: user };
}

export class RequestNotPending extends Error {}

export async function decideRequest(
  deps: WalletDeps,
  id: number,
  verdict: 'approve' | 'reject',
  now = Date.now(),
): Promise<WalletRequest> {
  const status = verdict === 'approve' ? 'approved' : 'rejected';
  const row = await deps.db.transaction().execute(async (trx) => {
    const decided = await walletStore.decide(trx, id, status, now, deps.hub !== undefined);
    if (!decided) return undefined;
    const move = movementOf(decided, status, now);
    if (move) await transfer(trx, move);
    return decided;
  });
  if (!row) throw new RequestNotPending(`Request ${id} does not exist or is not pending.`);
  if (deps.hub) await announce(deps.db, deps.hub, row);
  return requestOut(row);
}

async function announce(db: Db, hub: Hub, row: RequestRow): Promise<void> {
  const wallet = await walletStore.wallet(db, row.user_id);
  hub.pushUsers([row.user_id], 'walletRequest', requestOut(row));
  if (wallet) {
    hub.pushUsers([row.user_id], 'walletBalance', { balance: fenToYuan(Number(wallet.balance)), reason: row.kind });
  }
}

/** Pushes decisions made outside this server (the admin command); each one once, whichever node gets it. */
export async function announceDecided(db: Db, hub: Hub): Promise<number> {
  const rows = (await db.selectFrom('wallet_requests').selectAll().where('notified', '=', 0).limit(500).execute()) as RequestRow[];
  let told = 0;
  for (const row of rows) {
    const claimed = await db
      .updateTable('wallet_requests')
      .set({ notified: 1 })
      .where('id', '=', row.id)
      .where('notified', '=', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    await announce(db, hub, row);
    told++;
  }
  return told;
}

export async function pendingRequests(db: Db): Promise<(WalletRequest & { user_id: number })[]> {
  return (await walletStore.pendingAll(db)).map((r) => ({ ...requestOut(r), user_id: r.user_id }));
}
