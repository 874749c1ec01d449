import { randomUUID } from 'node:crypto';
import { groupContactId } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCrowd } from '../../testing/crowd.ts';
import { backends, socketPool, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { callAs, keyOf } from '../../testing/wallet.ts';
import { befriend, seedGroup } from '../../testing/fixtures.ts';
import { walletAdmin } from '../wallet/admin.ts';
import { claimsCache } from './claimsCache.ts';
import { expireDuePackets } from './expiry.ts';
import { redPacketService } from './service.ts';
import { messageService } from '../messages/service.ts';
import { systemService } from '../system/service.ts';
import { walletService } from '../wallet/service.ts';

const HOUR = 3600 * 1000;

for (const backend of backends) {
  describe(`red packets (${backend})`, () => {
    let s: TestServer;
    let call: ReturnType<typeof callAs>;
    const pool = socketPool(() => s.wsUrl);
    const admin = (args: string[]) => walletAdmin({ db: s.built.ctx.db, dialect: s.built.ctx.dialect, hub: s.built.ctx.hub }, args);
    const balanceOf = async (u: { token: string }) => (await call('walletInfo', {}, u)).body.data.balance as string;

    async function funded(yuan: string, nick = 'Sender'): Promise<TestUser> {
      const u = await s.user(nick);
      await call('openWallet', {}, u);
      const r = await call('recharge', { amount: yuan }, u);
      await admin(['approve', String(r.body.data.id)]);
      return u;
    }
    const sendPacket = (u: TestUser, body: Record<string, unknown>) =>
      call('sendRedPacket', { id: randomUUID(), is_group: 1, kind: 'random', count: 1, password: '000000', ...body }, u);

    beforeAll(async () => {
      s = await startServer(backend);
      call = callAs(s);
    });
    afterAll(async () => {
      pool.closeAll();
      await s.close();
    });

    it('opens over the socket (a `call` frame) as over HTTP: a member gets a share, then alreadyClaimed; an outsider is refused', async () => {
      const a = await funded('10.00');
      const [b, outsider] = [await s.user('B'), await s.user('Outsider')];
      const gid = await seedGroup(s.built.ctx.db, a.id, [b.id]);
      const sent = await sendPacket(a, { toContactId: groupContactId(gid), kind: 'fixed', amount: '1.00', count: 2 });
      const msgId = sent.body.data.message.msg_id;
      const [wsB, wsOut] = [await pool.sock(b), await pool.sock(outsider)];
      expect(await wsB.call('openRedPacket', { msg_id: msgId })).toMatchObject({ code: 0, data: { outcome: 'success', amount: '1.00' } });
      expect(await wsB.call('openRedPacket', { msg_id: msgId })).toMatchObject({ code: 0, data: { outcome: 'alreadyClaimed' } });
      const refused = await wsOut.call('openRedPacket', { msg_id: msgId });
      const overHttp = await call('openRedPacket', { msg_id: msgId }, outsider);
      expect(refused).toMatchObject({ key: 'redpackets.notEligible', data: null, code: overHttp.body.code, msg: overHttp.body.msg });
      expect(await balanceOf(b)).toBe('1.00');
    });

    it('a group packet: members (the sender too) open it, the lucky winner is marked, outsiders are refused', async () => {
      const a = await funded('100.00');
      const [b, c, d] = [await s.user('B'), await s.user('C'), await s.user('Outsider')];
      const gid = await seedGroup(s.built.ctx.db, a.id, [b.id, c.id]);
      const wsA = await pool.sock(a);
      const wsB = await pool.sock(b);
      const wsC = await pool.sock(c);
      const sent = await sendPacket(a, { toContactId: groupContactId(gid), amount: '10.00', count: 3, blessing: 'Happy' });
      expect(sent.body.code).toBe(0);
      expect(sent.body.data).toMatchObject({ balance: '90.00', message: { type: 'red_packet', content: 'Happy' } });
      const msgId = sent.body.data.message.msg_id;
      expect((await wsB.next('group')).data).toMatchObject({ msg_id: msgId, type: 'red_packet' });

      for (const stranger of [d]) {
        expect(keyOf(await call('openRedPacket', { msg_id: msgId }, stranger))).toBe('redpackets.notEligible');
        expect(keyOf(await call('getRedPacket', { msg_id: msgId }, stranger))).toBe('redpackets.notEligible');
      }
      expect((await call('openRedPacket', { msg_id: msgId })).status).toBe(401);
      expect(keyOf(await call('openRedPacket', { msg_id: 999_999_999 }, b))).toBe('redpackets.notFound');

      const got: number[] = [];
      for (const u of [b, c, a]) {
        const r = await call('openRedPacket', { msg_id: msgId }, u);
        expect(r.body.data.outcome).toBe('success');
        got.push(Math.round(Number(r.body.data.amount) * 100));
      }
      expect(got.reduce((x, y) => x + y, 0)).toBe(1000);
      const again = await call('openRedPacket', { msg_id: msgId }, b);
      expect(again.body.data).toMatchObject({ outcome: 'alreadyClaimed', amount: (got[0] / 100).toFixed(2) });
      // B's "X opened your red packet": to the sender and to B, not to C
      expect((await wsA.next('redPacketOpened')).data).toMatchObject({ msg_id: msgId, claimer: { id: b.id } });
      expect((await wsB.next('redPacketOpened')).data).toMatchObject({ claimer: { id: b.id } });
      const cEvents = wsC.frames.filter((f) => f.type === 'redPacketOpened').map((f) => f.data.claimer.id);
      expect(cEvents).not.toContain(b.id);

      const details = (await call('getRedPacket', { msg_id: msgId }, a)).body.data;
      expect(details).toMatchObject({ status: 'finished', claimedCount: 3, claimedTotal: '10.00', total: '10.00' });
      const max = Math.max(...got);
      const luckyAt = got.indexOf(max);
      expect(details.claims.map((x: { lucky: boolean }) => x.lucky)).toEqual([0, 1, 2].map((i) => i === luckyAt));
      const late = await s.user('Late');
      await s.built.ctx.db.insertInto('group_members').values({ group_id: gid, user_id: late.id, role: 3, joined_at: Date.now(), joined_msg_id: 0, mute_until: 0 }).execute();
      s.built.ctx.groups.invalidate(gid);
      expect((await call('openRedPacket', { msg_id: msgId }, late)).body.data.outcome).toBe('soldOut');

      const log = (await call('RedPacketLog', { year: new Date().getFullYear(), direction: 'sent', tzOffset: 0 }, a)).body.data;
      expect(log.sent).toEqual({ total: '10.00', count: 1 });
      expect(log.items[0]).toMatchObject({ msg_id: msgId, amount: '10.00', claimedCount: 3 });
      const recv = (await call('RedPacketLog', { year: new Date().getFullYear() }, b)).body.data;
      expect(recv.received.count).toBe(1);
      expect(recv.items[0]).toMatchObject({ msg_id: msgId, lucky: luckyAt === 0 });
      const bill = (await call('getUserPriceLog', {}, a)).body.data.map((x: { kind: string }) => x.kind);
      expect(bill).toEqual(['redpacket_receive', 'redpacket_send', 'recharge']);
      expect((await admin(['audit'])).exitCode).toBe(0);
    });

    it('a member who joins after a packet, in a group that hides its history from newcomers, can neither see nor open it (where history shows, they can); a later packet opens for them', async () => {
      const a = await funded('10.00');
      const b = await s.user('B');
      for (const history of [0, 1] as const) {
        const late = await s.user('Late');
        await befriend(s.built.ctx.db, a.id, late.id);
        const gid = await seedGroup(s.built.ctx.db, a.id, [b.id], { history });
        const before = await sendPacket(a, { toContactId: groupContactId(gid), kind: 'fixed', amount: '1.00', count: 2 });
        expect((await call('groupAddUser', { id: gid, user_ids: [late.id] }, a)).body.code).toBe(0);
        const opened = await call('openRedPacket', { msg_id: before.body.data.message.msg_id }, late);
        const seen = await call('getRedPacket', { msg_id: before.body.data.message.msg_id }, late);
        if (history === 1) {
          expect(opened.body.data).toMatchObject({ outcome: 'success', amount: '1.00' });
          expect(seen.body.data).toMatchObject({ mine: '1.00' });
        } else {
          expect(keyOf(opened)).toBe('redpackets.notEligible');
          expect(keyOf(seen)).toBe('redpackets.notEligible');
          const after = await sendPacket(a, { toContactId: groupContactId(gid), kind: 'fixed', amount: '1.00', count: 1 });
          expect((await call('openRedPacket', { msg_id: after.body.data.message.msg_id }, late)).body.data).toMatchObject({ outcome: 'success' });
        }
      }
      expect(await balanceOf(a)).toBe('5.00');
    });

    it('a private packet has one share, only the recipient opens it; the sender is not captured, others are refused', async () => {
      const a = await funded('20.00');
      const [b, c] = [await s.user('B'), await s.user('C')];
      await befriend(s.built.ctx.db, a.id, b.id);
      expect(keyOf(await sendPacket(a, { is_group: 0, toContactId: b.id, amount: '5', count: 2 }))).toBe('redpackets.privateOneShare');
      expect(keyOf(await sendPacket(a, { is_group: 0, toContactId: a.id, amount: '5' }))).toBe('redpackets.toSelf');
      const notFriend = await sendPacket(a, { is_group: 0, toContactId: c.id, amount: '5' });
      expect(notFriend.body.code).toBe(403);
      const sent = await sendPacket(a, { is_group: 0, kind: 'fixed', toContactId: b.id, amount: '5.20', blessing: '' });
      const msgId = sent.body.data.message.msg_id;
      expect((await call('openRedPacket', { msg_id: msgId }, a)).body.data.outcome).toBe('notCaptured');
      expect(keyOf(await call('openRedPacket', { msg_id: msgId }, c))).toBe('redpackets.notEligible');
      const opened = await call('openRedPacket', { msg_id: msgId }, b);
      expect(opened.body.data).toMatchObject({ outcome: 'success', amount: '5.20' });
      expect(await balanceOf(b)).toBe('5.20');
      expect(await balanceOf(a)).toBe('14.80');
    });

    it("the client id is a packet's idempotency key: sent again, the first packet answers (paid once); an id another message of mine holds, or a malformed one, is refused", async () => {
      const a = await funded('10.00');
      const [b, c] = [await s.user('B'), await s.user('C')];
      await befriend(s.built.ctx.db, a.id, b.id);
      await befriend(s.built.ctx.db, a.id, c.id);
      const packet = (id: string, to: number) => sendPacket(a, { id, is_group: 0, kind: 'fixed', toContactId: to, amount: '1.00' });
      const id = randomUUID();
      const first = await packet(id, b.id);
      expect((await packet(id, b.id)).body.data.message.msg_id).toBe(first.body.data.message.msg_id);
      expect(keyOf(await packet(id, c.id))).toBe('redpackets.idTaken');
      const textId = randomUUID();
      expect((await call('sendMessage', { id: textId, toContactId: b.id, type: 'text', content: 'hi' }, a)).body.code).toBe(0);
      expect(keyOf(await packet(textId, b.id))).toBe('redpackets.idTaken');
      for (const bad of ['../../etc', 'a b <x>']) expect(keyOf(await packet(bad, b.id))).toBe('messages.clientIdFormat');
      expect(await balanceOf(a)).toBe('9.00');
    });

    it('bad packets are refused without a 500 and take no money', async () => {
      const a = await funded('300.00');
      const [b] = [await s.user('B')];
      const gid = await seedGroup(s.built.ctx.db, a.id, [b.id]);
      const to = groupContactId(gid);
      const cases: [Record<string, unknown>, string | null][] = [
        [{ amount: '-1' }, 'wallet.amountFormat'],
        [{ amount: '0' }, 'wallet.amountZero'],
        [{ amount: '1.001' }, 'wallet.amountFormat'],
        [{ amount: 'ten' }, 'wallet.amountFormat'],
        [{ amount: '' }, 'wallet.amountFormat'],
        [{ amount: '1', count: 0 }, 'redpackets.countInvalid'],
        [{ amount: '1', count: '1.5' }, 'redpackets.countInvalid'],
        [{ amount: '1', count: 101 }, 'redpackets.countMax'],
        [{ amount: '0.05', count: 10 }, 'redpackets.shareMin'],
        [{ amount: '400.01', count: 2 }, 'redpackets.shareMax'],
        [{ kind: 'fixed', amount: '200.01', count: 1 }, 'redpackets.shareMax'],
        [{ amount: '300.01', count: 2 }, 'wallet.insufficient'],
        [{ amount: '1', password: '123' }, 'wallet.payPasswordFormat'],
        [{ amount: '1', blessing: 'x'.repeat(31) }, 'redpackets.blessingTooLong'],
        [{ amount: '1', kind: 'lucky' }, null],
      ];
      for (const [body, key] of cases) {
        const r = await sendPacket(a, { toContactId: to, ...body });
        expect(r.status, JSON.stringify(body)).toBe(200);
        expect([400, 402, 403], JSON.stringify(body)).toContain(r.body.code);
        if (key) expect(keyOf(r), JSON.stringify(body)).toBe(key);
      }
      expect(await balanceOf(a)).toBe('300.00');
      const none = await s.built.ctx.db.selectFrom('messages').select('msg_id').where('conv_key', '=', `g:${gid}`).where('type', '=', 'red_packet').execute();
      expect(none).toHaveLength(0);
      // the same client id twice pays once
      const id = randomUUID();
      await sendPacket(a, { id, toContactId: to, amount: '7' });
      await sendPacket(a, { id, toContactId: to, amount: '7' });
      expect(await balanceOf(a)).toBe('293.00');
    });

    it('after 24 hours the remainder goes back to the sender with a bill entry and a notice (fake clock)', async () => {
      const a = await funded('100.00');
      const b = await s.user('B');
      const gid = await seedGroup(s.built.ctx.db, a.id, [b.id]);
      // fixed: 3 × 30.00
      const sent = await sendPacket(a, { toContactId: groupContactId(gid), amount: '30.00', count: 3, kind: 'fixed' });
      expect(sent.body.code).toBe(0);
      const msgId = sent.body.data.message.msg_id;
      expect((await call('openRedPacket', { msg_id: msgId }, b)).body.data.amount).toBe('30.00');
      expect(await expireDuePackets(s.built.ctx, Date.now() + 23 * HOUR)).toBe(0);
      const ws = await pool.sock(a);
      // (earlier tests' packets fall due too)
      expect(await expireDuePackets(s.built.ctx, Date.now() + 25 * HOUR)).toBeGreaterThanOrEqual(1);
      expect(await expireDuePackets(s.built.ctx, Date.now() + 26 * HOUR)).toBe(0);
      expect((await ws.next('walletBalance')).data).toMatchObject({ balance: '70.00', reason: 'redpacket_refund' });
      const notice = (await ws.next('simple')).data;
      expect(notice.content).toContain('60.00');
      expect(notice.extends).toEqual({ event: 'redPacketRefund', amount: '60.00', msg_id: msgId });
      const bill = (await call('getUserPriceLog', { kind: 'redpacket_refund' }, a)).body.data;
      expect(bill).toMatchObject([{ amount: '60.00', balance: '70.00', ref: String(msgId) }]);
      const late = await call('openRedPacket', { msg_id: msgId }, a);
      expect(late.body.data).toMatchObject({ outcome: 'expired', status: 'expired' });
      expect((await call('getRedPacket', { msg_id: msgId }, a)).body.data).toMatchObject({ status: 'expired', refunded: '60.00' });
      expect((await admin(['audit'])).exitCode).toBe(0);
    });

    it('1,000 simultaneous claims of a 100-share packet: exactly 100 winners, the exact sum, nobody twice', async () => {
      const a = await funded('1000.00');
      const crowd = await seedCrowd(s.built.ctx.db, 1000);
      const gid = await seedGroup(s.built.ctx.db, a.id, crowd.map((m) => m.id));
      const sent = await sendPacket(a, { toContactId: groupContactId(gid), amount: '888.88', count: 100 });
      const msgId = sent.body.data.message.msg_id;
      const answers = await Promise.all(crowd.map((m) => call('openRedPacket', { msg_id: msgId }, m)));
      expect(answers.every((r) => r.status === 200 && r.body.code === 0)).toBe(true);
      const winners = answers.filter((r) => r.body.data.outcome === 'success');
      expect(winners).toHaveLength(100);
      const outcomes = new Set(answers.map((r) => r.body.data.outcome));
      expect([...outcomes].every((o) => o === 'success' || o === 'tooSlow' || o === 'soldOut')).toBe(true);
      const sum = winners.reduce((t, r) => t + Math.round(Number(r.body.data.amount) * 100), 0);
      expect(sum).toBe(88_888);
      const shares = await s.built.ctx.db.selectFrom('red_packet_shares').select(['claimed_by', 'amount']).where('packet_id', '=', msgId).execute();
      const claimers = shares.map((x) => x.claimed_by);
      expect(claimers.every((x) => x !== null)).toBe(true);
      expect(new Set(claimers).size).toBe(100);
      const negatives = await s.built.ctx.db.selectFrom('wallets').select('user_id').where('balance', '<', 0).execute();
      expect(negatives).toHaveLength(0);
      expect((await admin(['audit'])).exitCode).toBe(0);
    }, 120_000);

    it('one person claiming twice at once gets one share', async () => {
      const a = await funded('10.00');
      const b = await s.user('B');
      const gid = await seedGroup(s.built.ctx.db, a.id, [b.id]);
      const sent = await sendPacket(a, { toContactId: groupContactId(gid), amount: '2', count: 2 });
      const msgId = sent.body.data.message.msg_id;
      const both = await Promise.all(Array.from({ length: 10 }, () => call('openRedPacket', { msg_id: msgId }, b)));
      expect(both.filter((r) => r.body.data.outcome === 'success')).toHaveLength(1);
      expect(both.filter((r) => r.body.data.outcome === 'alreadyClaimed')).toHaveLength(9);
    });
    it('a claim made on another server breaks a batch here: its claims are retried alone, and that person gets "already claimed"', async () => {
      const a = await funded('10.00');
      const [b, c, d] = [await s.user('B'), await s.user('C'), await s.user('D')];
      const gid = await seedGroup(s.built.ctx.db, a.id, [b.id, c.id, d.id]);
      const msgId = (await sendPacket(a, { toContactId: groupContactId(gid), amount: '3', count: 3 })).body.data.message.msg_id;
      const ctx = s.built.ctx;
      const elsewhere = redPacketService(ctx, messageService(ctx, systemService(ctx.db, ctx.config, ctx.log)), walletService(ctx));
      // this server learns of the packet before B claims it elsewhere, so it still thinks B may claim
      expect((await call('openRedPacket', { msg_id: msgId }, c)).body.data.outcome).toBe('success');
      expect((await elsewhere.open(b.id, msgId)).outcome).toBe('success');
      const [again, other] = await Promise.all([call('openRedPacket', { msg_id: msgId }, b), call('openRedPacket', { msg_id: msgId }, d)]);
      expect(again.body.data.outcome).toBe('alreadyClaimed');
      expect(again.body.data.amount).not.toBeNull();
      expect(other.body.data).toMatchObject({ outcome: 'success', status: 'finished' });
      const details = (await call('getRedPacket', { msg_id: msgId }, a)).body.data;
      expect(details.claims.map((x: { user: { id: number } }) => x.user.id)).toEqual([c.id, b.id, d.id]);
      expect((await admin(['audit'])).exitCode).toBe(0);
    });

    it('a claim made on another server that took the last share: opening it here again is "already claimed", not "too slow"', async () => {
      const a = await funded('10.00');
      const [b, c] = [await s.user('B'), await s.user('C')];
      const gid = await seedGroup(s.built.ctx.db, a.id, [b.id, c.id]);
      const msgId = (await sendPacket(a, { toContactId: groupContactId(gid), amount: '2', count: 2 })).body.data.message.msg_id;
      const ctx = s.built.ctx;
      const elsewhere = redPacketService(ctx, messageService(ctx, systemService(ctx.db, ctx.config, ctx.log)), walletService(ctx));
      expect((await call('openRedPacket', { msg_id: msgId }, c)).body.data.outcome).toBe('success');
      const there = await elsewhere.open(b.id, msgId);
      expect(there.outcome).toBe('success');
      const again = (await call('openRedPacket', { msg_id: msgId }, b)).body.data;
      expect(again).toMatchObject({ outcome: 'alreadyClaimed', amount: there.amount });
    });

    it("another server's claims show in the details this server gives (the claims cache catches up by the packet's count)", async () => {
      const a = await funded('10.00');
      const [b, c] = [await s.user('B'), await s.user('C')];
      const gid = await seedGroup(s.built.ctx.db, a.id, [b.id, c.id]);
      const msgId = (await sendPacket(a, { toContactId: groupContactId(gid), amount: '3', count: 3 })).body.data.message.msg_id;
      const elsewhere = claimsCache(s.built.ctx.db);
      expect((await call('openRedPacket', { msg_id: msgId }, b)).body.data.outcome).toBe('success');
      expect((await elsewhere.of(msgId, a.id, 1)).claims.map((x) => x.id)).toEqual([b.id]);
      expect((await call('openRedPacket', { msg_id: msgId }, c)).body.data.outcome).toBe('success');
      const seen = await elsewhere.of(msgId, a.id, 2);
      expect(seen.claims.map((x) => x.id)).toEqual([b.id, c.id]);
      expect(seen.sender?.id).toBe(a.id);
      // this server shows both claims too, and a third open by B is "already claimed"
      const again = await call('openRedPacket', { msg_id: msgId }, b);
      expect(again.body.data.outcome).toBe('alreadyClaimed');
      const details = (await call('getRedPacket', { msg_id: msgId }, b)).body.data;
      expect(details.claims.map((x: { user: { id: number } }) => x.user.id)).toEqual([b.id, c.id]);
    });
  });
}
