import { PAY_PASSWORD_FAILURES_MAX } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, socketPool, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { callAs, keyOf } from '../../testing/wallet.ts';
import { walletAdmin } from './admin.ts';


for (const backend of backends) {
  describe(`wallet (${backend})`, () => {
    let s: TestServer;
    let call: ReturnType<typeof callAs>;
    const pool = socketPool(() => s.wsUrl);
    const admin = (args: string[], live = true) =>
      walletAdmin({ db: s.built.ctx.db, dialect: s.built.ctx.dialect, hub: live ? s.built.ctx.hub : undefined }, args);
    const balanceOf = async (u: TestUser) => (await call('walletInfo', {}, u)).body.data.balance;

    /** an opened wallet holding `yuan`, recharged and approved through the admin command */
    async function funded(yuan: string): Promise<TestUser> {
      const u = await s.user('Payer');
      await call('openWallet', {}, u);
      const r = await call('recharge', { amount: yuan }, u);
      expect(r.body.code).toBe(0);
      expect((await admin(['approve', String(r.body.data.id)])).exitCode).toBe(0);
      return u;
    }

    beforeAll(async () => {
      s = await startServer(backend);
      call = callAs(s);
    });
    afterAll(async () => {
      pool.closeAll();
      await s.close();
    });

    it('opens with the default password, which must be changed (entered twice, 6 digits)', async () => {
      const u = await s.user();
      expect((await call('walletInfo', {}, u)).body.data).toMatchObject({ opened: false, balance: '0.00' });
      expect(keyOf(await call('recharge', { amount: '1' }, u))).toBe('wallet.notOpened');
      const opened = await call('openWallet', {}, u);
      expect(opened.body.data).toMatchObject({ opened: true, balance: '0.00', mustChangePassword: true });
      expect((await call('openWallet', {}, u)).body.data.opened).toBe(true);
      const mismatch = await call('setPayPassword', { old: '000000', password: '123456', repassword: '123457' }, u);
      expect([mismatch.body.code, keyOf(mismatch)]).toEqual([400, 'wallet.payPasswordMismatch']);
      expect(keyOf(await call('setPayPassword', { old: '000000', password: '12345', repassword: '12345' }, u))).toBe('wallet.payPasswordFormat');
      expect(keyOf(await call('setPayPassword', { old: '111111', password: '123456', repassword: '123456' }, u))).toBe('wallet.payPasswordWrong');
      const changed = await call('setPayPassword', { old: '000000', password: '123456', repassword: '123456' }, u);
      expect(changed.body.data.mustChangePassword).toBe(false);
      expect(keyOf(await call('setPayPassword', { old: '000000', password: '654321', repassword: '654321' }, u))).toBe('wallet.payPasswordWrong');
    });

    it('refuses a caller without a session', async () => {
      for (const name of ['openWallet', 'walletInfo', 'recharge', 'withdraw', 'walletRequests', 'getUserPriceLog'] as const) {
        expect((await call(name, {})).status).toBe(401);
      }
    });

    it('a recharge waits for the operator; approving it updates the balance live, rejecting moves nothing', async () => {
      const u = await s.user();
      await call('openWallet', {}, u);
      const ws = await pool.sock(u);
      const r = await call('recharge', { amount: '88.80' }, u);
      expect(r.body.data).toMatchObject({ kind: 'recharge', amount: '88.80', status: 'pending' });
      expect((await call('walletInfo', {}, u)).body.data).toMatchObject({ balance: '0.00', pendingRecharge: '88.80' });
      expect((await admin(['pending'])).lines.join('\n')).toContain(`${r.body.data.id}\trecharge`);
      await admin(['approve', String(r.body.data.id)]);
      expect((await ws.next('walletBalance')).data).toMatchObject({ balance: '88.80' });
      expect((await ws.next('walletRequest')).data).toMatchObject({ id: r.body.data.id, status: 'approved' });
      expect(await balanceOf(u)).toBe('88.80');
      await expect(admin(['approve', String(r.body.data.id)])).rejects.toThrow(/not pending/);

      const second = await call('recharge', { amount: 5 }, u);
      await admin(['reject', String(second.body.data.id)]);
      expect(await balanceOf(u)).toBe('88.80');
      expect((await call('walletRequests', { status: 'rejected' }, u)).body.data.map((x: { id: number }) => x.id)).toEqual([second.body.data.id]);
    });

    it('a decision made by the admin command in another process reaches the running server within its poll', async () => {
      const u = await s.user();
      await call('openWallet', {}, u);
      const ws = await pool.sock(u);
      const r = await call('recharge', { amount: '3.00' }, u);
      await admin(['approve', String(r.body.data.id)], false);
      expect((await ws.next('walletBalance', 8000)).data).toMatchObject({ balance: '3.00' });
    });

    it('a withdrawal is held while pending, returned when rejected and gone when approved', async () => {
      const u = await funded('100.00');
      const held = await call('withdraw', { amount: '30', password: '000000' }, u);
      expect(held.body.data).toMatchObject({ kind: 'withdraw', status: 'pending', amount: '30.00' });
      expect((await call('walletInfo', {}, u)).body.data).toMatchObject({ balance: '70.00', pendingWithdraw: '30.00' });
      await admin(['reject', String(held.body.data.id)]);
      expect(await balanceOf(u)).toBe('100.00');
      const paid = await call('withdraw', { amount: '40.50', password: '000000' }, u);
      await admin(['approve', String(paid.body.data.id)]);
      expect(await balanceOf(u)).toBe('59.50');
      const bill = await call('getUserPriceLog', {}, u);
      expect(bill.body.data.map((b: { kind: string; amount: string }) => [b.kind, b.amount])).toEqual([
        ['withdraw', '-40.50'],
        ['withdraw_refund', '30.00'],
        ['withdraw', '-30.00'],
        ['recharge', '100.00'],
      ]);
      expect(bill.body.data[0].balance).toBe('59.50');
      const onlyRefunds = await call('getUserPriceLog', { kind: 'withdraw_refund' }, u);
      expect([onlyRefunds.body.count, onlyRefunds.body.data[0].amount]).toEqual([1, '30.00']);
      const month = new Date().toISOString().slice(0, 7);
      expect((await call('getUserPriceLog', { month }, u)).body.count).toBe(4);
      expect((await call('getUserPriceLog', { month: '2001-01' }, u)).body.count).toBe(0);
      expect((await admin(['audit'])).exitCode).toBe(0);
    });

    it('bad amounts are refused with a 400-style key, never a 500, and move nothing', async () => {
      const u = await funded('10.00');
      // null: a shape refusal of the body schema (its key comes from the HTTP layer)
      const cases: [unknown, string | null][] = [
        ['-1', 'wallet.amountFormat'],
        [-1, 'wallet.amountFormat'],
        [0, 'wallet.amountZero'],
        ['0.00', 'wallet.amountZero'],
        ['1.005', 'wallet.amountFormat'],
        ['abc', 'wallet.amountFormat'],
        ['', 'wallet.amountFormat'],
        [{ n: 1 }, null],
        [null, null],
        ['50000.01', 'wallet.rechargeMax'],
      ];
      for (const [amount, key] of cases) {
        const r = await call('recharge', { amount }, u);
        expect([r.status, r.body.code], JSON.stringify(amount)).toEqual([200, 400]);
        if (key) expect(keyOf(r), JSON.stringify(amount)).toBe(key);
      }
      const over = await call('withdraw', { amount: '10.01', password: '000000' }, u);
      expect([over.body.code, keyOf(over)]).toEqual([402, 'wallet.insufficient']);
      expect(keyOf(await call('withdraw', { amount: '50000.01', password: '000000' }, u))).toBe('wallet.withdrawMax');
      expect(keyOf(await call('withdraw', { amount: '1e1', password: '000000' }, u))).toBe('wallet.amountFormat');
      expect(await balanceOf(u)).toBe('10.00');
      // the day limit: 200,000.00 of recharges a day (pending ones count)
      for (let i = 0; i < 3; i++) expect((await call('recharge', { amount: '50000' }, u)).body.code).toBe(0);
      expect(keyOf(await call('recharge', { amount: '50000' }, u))).toBe('wallet.rechargeDayMax');
      expect((await admin(['audit'])).exitCode).toBe(0);
    });

    it('a retried request (its answer lost) under the same client id is the same request: one withdrawal held, one recharge', async () => {
      const u = await funded('100.00');
      const tries = await Promise.all(Array.from({ length: 4 }, () => call('withdraw', { amount: '80', password: '000000', client_id: 'w-1' }, u)));
      expect(new Set(tries.map((t) => t.body.data.id)).size).toBe(1);
      // later, with 20.00 left: the answer of the first, not "not enough"
      const late = await call('withdraw', { amount: '80', password: '000000', client_id: 'w-1' }, u);
      expect(late.body.data).toMatchObject({ id: tries[0].body.data.id, kind: 'withdraw', amount: '80.00', status: 'pending' });
      expect((await call('walletInfo', {}, u)).body.data).toMatchObject({ balance: '20.00', pendingWithdraw: '80.00' });
      // the same id for another amount or kind is refused; a new id is a new request
      expect(keyOf(await call('withdraw', { amount: '10', password: '000000', client_id: 'w-1' }, u))).toBe('wallet.idTaken');
      expect(keyOf(await call('recharge', { amount: '80', client_id: 'w-1' }, u))).toBe('wallet.idTaken');
      const recharges = await Promise.all([1, 2, 3].map(() => call('recharge', { amount: '5', client_id: 'r-1' }, u)));
      expect(new Set(recharges.map((t) => t.body.data.id)).size).toBe(1);
      expect((await call('walletRequests', {}, u)).body.data.map((r: { kind: string; amount: string }) => `${r.kind} ${r.amount}`)).toEqual([
        'recharge 5.00',
        'withdraw 80.00',
        'recharge 100.00',
      ]);
      // another user's id is theirs
      const other = await funded('10.00');
      expect((await call('recharge', { amount: '5', client_id: 'r-1' }, other)).body.data.id).not.toBe(recharges[0].body.data.id);
      expect((await admin(['audit'])).exitCode).toBe(0);
    });

    it('8 parallel payments with the right password all go through: none is refused as locked', async () => {
      const u = await funded('10.00');
      const answers = await Promise.all(Array.from({ length: 8 }, () => call('withdraw', { amount: '0.01', password: '000000' }, u)));
      expect(answers.map((a) => keyOf(a) ?? a.body.code)).toEqual(Array(8).fill(0));
      expect(await balanceOf(u)).toBe('9.92');
      expect((await call('walletInfo', {}, u)).body.data.lockedUntil).toBe(0);
    });

    it('50 parallel wrong payment passwords get exactly 5 tries, then payments are locked', async () => {
      const u = await funded('10.00');
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => call('withdraw', { amount: '1', password: String(100000 + i) }, u)),
      );
      const keys = answers.map(keyOf);
      expect(answers.every((a) => a.status === 200 && a.body.code === 403)).toBe(true);
      expect(keys.filter((k) => k === 'wallet.payPasswordWrong')).toHaveLength(PAY_PASSWORD_FAILURES_MAX - 1);
      expect(keys.filter((k) => k === 'wallet.payPasswordLocked')).toHaveLength(50 - (PAY_PASSWORD_FAILURES_MAX - 1));
      const right = await call('withdraw', { amount: '1', password: '000000' }, u);
      expect(keyOf(right)).toBe('wallet.payPasswordLocked');
      expect((await call('walletInfo', {}, u)).body.data.lockedUntil).toBeGreaterThan(Date.now());
      expect(await balanceOf(u)).toBe('10.00');
      const row = await s.built.ctx.db.selectFrom('wallets').select('pay_failures').where('user_id', '=', u.id).executeTakeFirstOrThrow();
      expect(Number(row.pay_failures)).toBe(PAY_PASSWORD_FAILURES_MAX);
    });
  });
}

describe('wallet with the sandbox provider', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { walletProvider: 'sandbox' });
  });
  afterAll(async () => {
    await s.close();
  });

  it('approves a recharge at once', async () => {
    const call = callAs(s);
    const u = await s.user();
    await call('openWallet', {}, u);
    const r = await call('recharge', { amount: '12.34' }, u);
    expect(r.body.data.status).toBe('approved');
    expect((await call('walletInfo', {}, u)).body.data).toMatchObject({ balance: '12.34', provider: 'sandbox' });
  });
});
