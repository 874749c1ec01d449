import type { WalletRequest } from '@parley/protocol';
import { fenToYuan } from '@parley/protocol';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import type { WalletRequestsTable } from '../../db/schema.ts';
import { defaultPayHash } from './password.ts';

/** SQL of the wallet module. Every function takes the connection to use (`db` or a transaction). */

export type RequestRow = Omit<WalletRequestsTable, 'id' | 'notified'> & { id: number; notified: number };

export function requestOut(r: RequestRow): WalletRequest {
  return {
    id: Number(r.id),
    kind: r.kind as WalletRequest['kind'],
    amount: fenToYuan(Number(r.amount)),
    status: r.status as WalletRequest['status'],
    created_at: Number(r.created_at),
    decided_at: r.decided_at === null ? null : Number(r.decided_at),
  };
}

export const walletStore = {
  wallet(db: Db, userId: number) {
    return db.selectFrom('wallets').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  /** Opens a wallet with the default payment password unless it is open already. */
  async ensure(db: Db, userId: number, now: number): Promise<void> {
    await walletStore.ensureAll(db, [userId], now);
  },

  /** `ensure` for several people in one statement (the winners of a batch of red-packet claims). */
  async ensureAll(db: Db, userIds: number[], now: number): Promise<void> {
    const payHash = await defaultPayHash();
    await db
      .insertInto('wallets')
      .values(userIds.map((userId) => ({ user_id: userId, pay_hash: payHash, opened_at: now })))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  },

  /** Locks my wallet row until the transaction ends (PostgreSQL; SQLite runs one writer at a time). */
  async lock(trx: Db, dialect: Dialect, userId: number): Promise<boolean> {
    const q = trx.selectFrom('wallets').select('user_id').where('user_id', '=', userId);
    const row = await (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
    return row !== undefined;
  },

  /** Pending amounts of my requests, by kind. */
  async pending(db: Db, userId: number): Promise<{ recharge: number; withdraw: number }> {
    const rows = await db
      .selectFrom('wallet_requests')
      .select(['kind', (eb) => eb.fn.sum<number>('amount').as('total')])
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .groupBy('kind')
      .execute();
    const out = { recharge: 0, withdraw: 0 };
    for (const r of rows) out[r.kind as 'recharge' | 'withdraw'] = Number(r.total ?? 0);
    return out;
  },

  /** What I asked for of one kind since `from`, not counting rejected requests (for the day limits). */
  async askedSince(db: Db, userId: number, kind: string, from: number): Promise<number> {
    const row = await db
      .selectFrom('wallet_requests')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('status', '<>', 'rejected')
      .where('created_at', '>=', from)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  },

  /** My request made under the client's id `clientId`, if there is one. */
  async requestByClientId(db: Db, userId: number, clientId: string) {
    return db.selectFrom('wallet_requests').selectAll().where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  },

  async insertRequest(db: Db, r: { user_id: number; kind: string; amount: number; provider: string; now: number; client_id: string | null }) {
    return (await db
      .insertInto('wallet_requests')
      .values({
        user_id: r.user_id,
        kind: r.kind,
        amount: r.amount,
        status: 'pending',
        provider: r.provider,
        created_at: r.now,
        decided_at: null,
        client_id: r.client_id,
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as RequestRow;
  },

  /** Decides a pending request (one conditional update: a request is decided once). */
  async decide(db: Db, id: number, status: 'approved' | 'rejected', now: number, notified: boolean) {
    return (await db
      .updateTable('wallet_requests')
      .set({ status, decided_at: now, notified: notified ? 1 : 0 })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst()) as RequestRow | undefined;
  },

  async requests(db: Db, userId: number, status: string | undefined, page: number, limit: number) {
    let q = db.selectFrom('wallet_requests').selectAll().where('user_id', '=', userId);
    if (status) q = q.where('status', '=', status);
    return (await q
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute()) as RequestRow[];
  },

  async pendingAll(db: Db) {
    return (await db.selectFrom('wallet_requests').selectAll().where('status', '=', 'pending').orderBy('id').execute()) as RequestRow[];
  },

  /** My ledger entries, newest first, with the count for paging. */
  async bill(db: Db, userId: number, f: { kind?: string; from?: number; to?: number; page: number; limit: number }) {
    let q = db.selectFrom('ledger_entries').where('account', '=', `user:${userId}`);
    if (f.kind) q = q.where('kind', '=', f.kind);
    if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('created_at', '<', f.to);
    const [rows, count] = await Promise.all([
      q
        .select(['id', 'kind', 'amount', 'balance_after', 'created_at', 'ref'])
        .orderBy('id', 'desc')
        .limit(f.limit)
        .offset((f.page - 1) * f.limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, count: Number(count?.n ?? 0) };
  },
};

/** `sum(x)` that reads as a number on both dialects. */
export const sumOf = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;
