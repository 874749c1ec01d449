import { groupContactId } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domainError.ts';
import { seedCrowd } from '../../testing/crowd.ts';
import { backends, startServer, type TestServer } from '../../testing/harness.ts';
import { seedGroup } from '../messages/fixtures.ts';
import { messageService } from '../messages/service.ts';
import { expireDuePackets } from '../redpackets/expiry.ts';
import { redPacketService } from '../redpackets/service.ts';
import { systemService } from '../system/service.ts';
import { walletAdmin } from './admin.ts';
import { decideRequest } from './decide.ts';
import { manualProvider } from './providers.ts';
import { walletService } from './service.ts';

const OPERATIONS = 10_000;
const PARALLEL = 16;

/** A small deterministic generator, so a failing run can be replayed from its seed. */
function prng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

for (const backend of backends) {
  describe(`wallet audit after random operations (${backend})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startServer(backend);
    });
    afterAll(async () => {
      await s.close();
    });

    it(`stays clean after ${OPERATIONS} random recharges, decisions, withdrawals, sends, claims and expiries`, async () => {
      const ctx = s.built.ctx;
      // The payment password has its own tests (lockout, wrong, locked); here argon2 would spend
      // minutes, so every payment's password check passes.
      const wallet = walletService(ctx, { provider: manualProvider, checkPassword: async () => {} });
      const packets = redPacketService(ctx, messageService(ctx, systemService(ctx.db, ctx.config, ctx.log)), wallet);
      const people = await seedCrowd(ctx.db, 12, 'audit');
      const ids = people.map((p) => p.id);
      const gid = await seedGroup(ctx.db, ids[0], ids.slice(1));
      for (const id of ids) await wallet.open(id);

      const seed = Date.now() % 100_000;
      const random = prng(seed);
      const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
      const pending: number[] = [];
      const open: number[] = [];
      const done: Record<string, number> = {};
      const refused: Record<string, number> = {};

      async function operation(): Promise<void> {
        const r = random();
        const me = pick(ids);
        const fen = 1 + Math.floor(random() * 5_000);
        const yuan = (fen / 100).toFixed(2);
        let name = '';
        try {
          if (r < 0.2) {
            name = 'recharge';
            pending.push((await wallet.recharge(me, yuan)).id);
          } else if (r < 0.33) {
            name = 'approve';
            const id = pending.splice(Math.floor(random() * pending.length), 1)[0];
            if (id !== undefined) await decideRequest(ctx, id, 'approve');
          } else if (r < 0.38) {
            name = 'reject';
            const id = pending.splice(Math.floor(random() * pending.length), 1)[0];
            if (id !== undefined) await decideRequest(ctx, id, 'reject');
          } else if (r < 0.48) {
            name = 'withdraw';
            pending.push((await wallet.withdraw(me, yuan, '000000')).id);
          } else if (r < 0.66) {
            name = 'send';
            const count = 1 + Math.floor(random() * 4);
            const kind = random() < 0.5 ? 'random' : 'fixed';
            const sent = await packets.send(me, {
              id: `op-${random()}`,
              toContactId: groupContactId(gid),
              is_group: 1,
              kind,
              amount: kind === 'fixed' ? ((1 + Math.floor(fen / count)) / 100).toFixed(2) : yuan,
              count,
              blessing: '',
              cover: 'classic',
              password: '000000',
            });
            open.push(sent.message.msg_id);
          } else if (r < 0.98) {
            name = 'claim';
            if (open.length > 0) await packets.open(me, pick(open));
          } else {
            name = 'expire';
            const msgId = pick(open);
            if (msgId !== undefined) {
              await ctx.db.updateTable('red_packets').set({ expires_at: Date.now() - 1 }).where('msg_id', '=', msgId).execute();
              await expireDuePackets(ctx, Date.now());
            }
          }
          done[name] = (done[name] ?? 0) + 1;
        } catch (err) {
          if (!(err instanceof DomainError)) throw new Error(`seed ${seed}, ${name}: ${String(err)}`);
          refused[err.key] = (refused[err.key] ?? 0) + 1;
        }
      }

      for (let i = 0; i < OPERATIONS; i += PARALLEL) {
        await Promise.all(Array.from({ length: Math.min(PARALLEL, OPERATIONS - i) }, operation));
      }
      const audit = await walletAdmin(ctx, ['audit']);
      expect(audit.lines.join('\n'), `seed ${seed}`).toContain('Audit clean');
      expect(audit.exitCode).toBe(0);
      // the run did real work of every kind (refusals such as an empty balance are part of it)
      for (const kind of ['recharge', 'approve', 'withdraw', 'send', 'claim', 'expire']) expect(done[kind] ?? 0).toBeGreaterThan(0);
      const negatives = await ctx.db.selectFrom('wallets').select('user_id').where('balance', '<', 0).execute();
      expect(negatives).toEqual([]);

      // and a tampered balance is caught, with a non-zero exit
      await ctx.db.updateTable('wallets').set((eb) => ({ balance: eb('balance', '+', 1) })).where('user_id', '=', ids[0]).execute();
      const broken = await walletAdmin(ctx, ['audit']);
      expect(broken.exitCode).toBe(1);
      expect(broken.lines.join('\n')).toContain(`wallet of user ${ids[0]}`);
    }, 240_000);
  });
}
