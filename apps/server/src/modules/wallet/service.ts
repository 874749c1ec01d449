import {
  type BillEntry,
  type BillKind,
  checkPayPassword,
  fenToYuan,
  parseAmount,
  RECHARGE_DAY_MAX_FEN,
  RECHARGE_MAX_FEN,
  WITHDRAW_DAY_MAX_FEN,
  WITHDRAW_MAX_FEN,
  type WalletInfo,
  type WalletRequest,
} from '@parley/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { fail } from '../../domainError.ts';
import { Answer } from '../../http/envelope.ts';
import type { billBody } from '@parley/protocol';
import { decideRequest } from './decide.ts';
import { SYSTEM_ACCOUNTS, type Transfer, transfer, userAccount } from './ledger.ts';
import { checkPaymentPassword, hashPayPassword } from './password.ts';
import { type PaymentProvider, providerFor } from './providers.ts';
import { requestOut, walletStore } from './store.ts';

const DAY_MS = 24 * 3600 * 1000;

/** fen of a typed amount, or the refusal for it. */
export function amountFen(value: unknown): number {
  const v = parseAmount(value);
  if (!v.ok) throw fail(v.reason === 'zero' ? 'wallet.amountZero' : 'wallet.amountFormat');
  return v.fen;
}

/** Local month bounds (UTC ms) of 'YYYY-MM' for a client `tzOffset` (minutes, as getTimezoneOffset). */
export function monthBounds(month: string, tzOffset: number): { from: number; to: number } {
  const [y, m] = month.split('-').map(Number);
  const shift = tzOffset * 60_000;
  return { from: Date.UTC(y, m - 1, 1) + shift, to: Date.UTC(y, m, 1) + shift };
}

export interface WalletOptions {
  provider?: PaymentProvider;
  /** the payment-password check (the 10,000-operation audit test swaps argon2 out; its own tests keep it) */
  checkPassword?: (db: Db, userId: number, password: string) => Promise<void>;
}

export function walletService(ctx: Pick<AppContext, 'db' | 'dialect' | 'hub' | 'config'>, options: WalletOptions = {}) {
  const db = ctx.db;
  const provider = options.provider ?? providerFor(ctx.config.walletProvider);
  const checkPassword = options.checkPassword ?? checkPaymentPassword;
  const deps = { db, dialect: ctx.dialect, hub: ctx.hub };

  async function info(me: number, now = Date.now()): Promise<WalletInfo> {
    const [w, pending] = await Promise.all([walletStore.wallet(db, me), walletStore.pending(db, me)]);
    return {
      opened: w !== undefined,
      balance: fenToYuan(Number(w?.balance ?? 0)),
      mustChangePassword: Number(w?.must_change ?? 0) === 1,
      lockedUntil: w && Number(w.pay_locked_until) > now ? Number(w.pay_locked_until) : 0,
      pendingRecharge: fenToYuan(pending.recharge),
      pendingWithdraw: fenToYuan(pending.withdraw),
      provider: provider.name,
    };
  }

  async function open(me: number): Promise<WalletInfo> {
    await walletStore.ensure(db, me, Date.now());
    return info(me);
  }

  async function openedWallet(me: number) {
    const w = await walletStore.wallet(db, me);
    if (!w) throw fail('wallet.notOpened');
    return w;
  }

  async function setPayPassword(me: number, body: { old: string; password: string; repassword: string }): Promise<WalletInfo> {
    await openedWallet(me);
    const problem = checkPayPassword(body.password, body.repassword);
    if (problem) throw fail(checkPayPassword(body.password) ? 'wallet.payPasswordFormat' : 'wallet.payPasswordMismatch');
    await checkPassword(db, me, body.old);
    await db
      .updateTable('wallets')
      .set({ pay_hash: await hashPayPassword(body.password), must_change: 0 })
      .where('user_id', '=', me)
      .execute();
    return info(me);
  }

  /** Day limit of one kind, checked with my wallet row locked so that parallel requests add up. */
  async function checkDayLimit(trx: Db, me: number, kind: 'recharge' | 'withdraw', fen: number, now: number) {
    const asked = await walletStore.askedSince(trx, me, kind, Math.floor(now / DAY_MS) * DAY_MS);
    const max = kind === 'recharge' ? RECHARGE_DAY_MAX_FEN : WITHDRAW_DAY_MAX_FEN;
    if (asked + fen > max) throw fail(kind === 'recharge' ? 'wallet.rechargeDayMax' : 'wallet.withdrawDayMax', { max: fenToYuan(max) });
  }

  /**
   * The request made before under the client's id, when this is a retry of it (its answer was lost);
   * the same id for another kind or amount is refused.
   */
  async function madeBefore(db: Db, me: number, kind: 'recharge' | 'withdraw', fen: number, clientId: string | undefined) {
    if (clientId === undefined) return undefined;
    const before = await walletStore.requestByClientId(db, me, clientId);
    if (before && (before.kind !== kind || Number(before.amount) !== fen)) throw fail('wallet.idTaken');
    return before;
  }

  /**
   * Stores a request (and, for a withdrawal, holds its amount) in one transaction; then asks the
   * provider. A retry under the same client id answers the request stored.
   */
  async function request(me: number, kind: 'recharge' | 'withdraw', fen: number, clientId: string | undefined): Promise<WalletRequest> {
    const now = Date.now();
    const row = await db.transaction().execute(async (trx) => {
      if (!(await walletStore.lock(trx, ctx.dialect, me))) throw fail('wallet.notOpened');
      // under the wallet's lock: of two tries at once, the second sees the first
      const before = await madeBefore(trx, me, kind, fen, clientId);
      if (before) return { r: before, balance: undefined, retried: true };
      await checkDayLimit(trx, me, kind, fen, now);
      const r = await walletStore.insertRequest(trx, { user_id: me, kind, amount: fen, provider: provider.name, now, client_id: clientId ?? null });
      if (kind === 'withdraw') {
        const hold: Transfer = { kind: 'withdraw', ref: `request:${r.id}`, from: userAccount(me), to: SYSTEM_ACCOUNTS.withdrawal, amount: fen, now };
        const balances = await transfer(trx, hold);
        return { r, balance: balances.get(me), retried: false };
      }
      return { r, balance: undefined, retried: false };
    });
    if (row.retried) return requestOut(row.r);
    if (row.balance !== undefined) ctx.hub.pushUsers([me], 'walletBalance', { balance: fenToYuan(row.balance), reason: kind });
    const verdict = await provider.submit({ id: row.r.id, kind, amount: fen, userId: me });
    if (verdict === 'approved') return decideRequest(deps, row.r.id, 'approve');
    return requestOut(row.r);
  }

  async function recharge(me: number, amount: unknown, clientId?: string): Promise<WalletRequest> {
    const fen = amountFen(amount);
    if (fen > RECHARGE_MAX_FEN) throw fail('wallet.rechargeMax', { max: fenToYuan(RECHARGE_MAX_FEN) });
    await openedWallet(me);
    return request(me, 'recharge', fen, clientId);
  }

  async function withdraw(me: number, amount: unknown, password: string, clientId?: string): Promise<WalletRequest> {
    const fen = amountFen(amount);
    if (fen > WITHDRAW_MAX_FEN) throw fail('wallet.withdrawMax', { max: fenToYuan(WITHDRAW_MAX_FEN) });
    const w = await openedWallet(me);
    // a retry: the balance already holds what the first try took
    const retried = Number(w.balance) < fen ? await madeBefore(db, me, 'withdraw', fen, clientId) : undefined;
    if (Number(w.balance) < fen && !retried) throw fail('wallet.insufficient');
    await checkPassword(db, me, password);
    return request(me, 'withdraw', fen, clientId);
  }

  async function requests(me: number, status: string | undefined, page: number, limit: number): Promise<WalletRequest[]> {
    return (await walletStore.requests(db, me, status, page, limit)).map(requestOut);
  }

  async function bill(me: number, body: z.output<typeof billBody>): Promise<Answer<BillEntry[]>> {
    const bounds = body.month ? monthBounds(body.month, body.tzOffset) : {};
    const { rows, count } = await walletStore.bill(db, me, { kind: body.kind, ...bounds, page: body.page, limit: body.limit });
    const entries = rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind as BillKind,
      amount: fenToYuan(Number(r.amount)),
      balance: fenToYuan(Number(r.balance_after ?? 0)),
      time: Number(r.created_at),
      ref: r.ref,
    }));
    return new Answer(entries, { count });
  }

  return {
    info,
    open,
    setPayPassword,
    recharge,
    withdraw,
    requests,
    bill,
    /** for payments of other modules (red packets): counts the try like every payment */
    checkPaymentPassword: (me: number, password: string) => checkPassword(db, me, password),
    /** for other modules' payments, inside their transaction */
    transfer,
    accounts: SYSTEM_ACCOUNTS,
    userAccount,
  };
}

export type WalletService = ReturnType<typeof walletService>;
