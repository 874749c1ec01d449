import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { boundSocket, openSocket, startServer, type TestServer } from '../testing/harness.ts';
import { befriend, send } from '../testing/index.ts';
import { type BusMessage, localBus } from './bus.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
const suites = redisUrl && pgUrl ? [{ redisUrl, pgUrl }] : [];
if (suites.length === 0) {
  console.warn('[tests] TEST_REDIS_URL and TEST_DATABASE_URL are not both set: the two-node Redis suite is skipped.');
}

/** Two nodes on one fresh PostgreSQL schema and one Redis; `run` gets both, which are closed after it. */
async function onTwoNodes(redisUrl: string, run: (a: TestServer, b: TestServer) => Promise<void>): Promise<void> {
  const env = { DATABASE_URL: pgUrl as string, DATABASE_SCHEMA: `t_${randomBytes(6).toString('hex')}` };
  const a = await startServer('sqlite', { env, redisUrl });
  const b = await startServer('sqlite', { env, redisUrl });
  try {
    await run(a, b);
  } finally {
    await a.close();
    await b.close();
  }
}

describe.each(suites)('two nodes over Redis and one PostgreSQL', ({ redisUrl: url }) => {
  it('a login on node B forces the socket on node A offline; HTTP bind reaches the other node', () =>
    onTwoNodes(url, async (a, b) => {
      const u = await a.user();
      const first = await a.post('/common/pub/login', { account: u.account, password: u.password });
      const sockA = await boundSocket(a.wsUrl, first.body.data.authToken);
      const second = await b.post('/common/pub/login', { account: u.account, password: u.password });
      expect(second.body.code).toBe(0);
      expect((await sockA.next('offline')).data.msg).toMatch(/another device/);

      const sockB = await openSocket(b.wsUrl);
      const bind = await a.post('/common/pub/bindUid', { client_id: sockB.clientId }, second.body.data.authToken);
      expect(bind.body.code).toBe(0);
      await new Promise((r) => setTimeout(r, 200));
      a.built.ctx.hub.pushUsers([u.id], 'delFriend', { user_id: 7 });
      expect((await sockB.next('delFriend')).data).toEqual({ user_id: 7 });
      sockB.close();
    }));

  it('a new name given on one node is on the next message sent through the other, which had just sent one with the old', () =>
    onTwoNodes(url, async (a, b) => {
      const [x, y] = [await a.user(), await a.user()];
      await befriend(a.built.ctx.db, x.id, y.id);
      expect((await send(b, x.token, { toContactId: y.id, content: 'before' })).body.data.fromUser.displayName).toBe(x.nickname);
      expect((await a.post('/enterprise/im/updateUserInfo', { nickname: 'Renamed' }, x.token)).body.code).toBe(0);
      // the bus message may take a moment to reach node B; until it does B may still send the old name
      await expect.poll(async () => (await send(b, x.token, { toContactId: y.id, content: 'after' })).body.data.fromUser.displayName, { timeout: 5_000 }).toBe('Renamed');
    }));

  it('a friendship removed on one node refuses the next private send on the other, which had just let one through', () =>
    onTwoNodes(url, async (a, b) => {
      const [x, y] = [await a.user(), await a.user()];
      await befriend(a.built.ctx.db, x.id, y.id);
      expect((await send(b, x.token, { toContactId: y.id, content: 'before' })).body.code).toBe(0);
      expect((await a.post('/enterprise/friend/del', { id: x.id }, y.token)).body.code).toBe(0);
      // the bus message may take a moment to reach node B; until it does B still lets sends through
      await expect.poll(async () => (await send(b, x.token, { toContactId: y.id, content: 'after' })).body.code, { timeout: 5_000 }).toBe(403);
    }));
});

describe('the single-node bus', () => {
  it('hands every published message to every subscriber, in order', () => {
    const bus = localBus();
    const seen: string[][] = [[], []];
    const label = (m: BusMessage) => (m.kind === 'push' ? m.frame : m.kind === 'bind' ? m.clientId : m.kind === 'presence' ? String(m.userId) : m.kind);
    bus.onMessage((m: BusMessage) => seen[0].push(label(m)));
    bus.onMessage((m: BusMessage) => seen[1].push(label(m)));
    bus.publish({ kind: 'push', to: { users: [1] }, frame: 'a' });
    bus.publish({ kind: 'bind', clientId: 'c1', userId: 1, sessionId: 1 });
    expect(seen).toEqual([
      ['a', 'c1'],
      ['a', 'c1'],
    ]);
  });
});
