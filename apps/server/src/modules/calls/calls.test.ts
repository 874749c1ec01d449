import { randomUUID } from 'node:crypto';
import { CallCode } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, boundSocket, socketPool, startServer, type TestServer, type TestSocket, type TestUser } from '../../testing/harness.ts';
import { befriend } from '../messages/fixtures.ts';
import { messageService } from '../messages/service.ts';
import { systemService } from '../system/service.ts';
import { callService } from './service.ts';

const SEND_TO_MSG = '/enterprise/im/sendToMsg';

/** One call step from `user` on socket `sock` (its clientId header). */
function step(s: TestServer, user: TestUser, sock: TestSocket | null, body: Record<string, unknown>) {
  return s.post(SEND_TO_MSG, body, user.token, sock ? { clientId: sock.clientId } : {});
}

function ring(s: TestServer, caller: TestUser, sock: TestSocket, callee: TestUser, type: 'voice' | 'video' = 'video') {
  const id = randomUUID();
  return step(s, caller, sock, { toContactId: callee.id, event: 'call', code: CallCode.CALLING, type, id }).then((res) => ({ id, res }));
}

/** The webrtc records of a call stored on the server (the call id is the message id). */
async function records(s: TestServer, callId: string) {
  return s.built.ctx.db.selectFrom('messages').select(['msg_id', 'type', 'extends']).where('id', '=', callId).execute();
}

/** The record in `user`'s own view of the chat with `peer`. */
async function recordSeenBy(s: TestServer, user: TestUser, peer: TestUser, callId: string) {
  const res = await s.post('/enterprise/im/getMessageList', { toContactId: peer.id, is_group: 0, limit: 50 }, user.token);
  return (res.body.data as { id: string; type: string; extends: Record<string, unknown> }[]).filter((m) => m.id === callId);
}

async function expectOneRecord(s: TestServer, a: TestUser, b: TestUser, callId: string, outcome: string) {
  expect(await records(s, callId)).toHaveLength(1);
  for (const [me, peer] of [
    [a, b],
    [b, a],
  ]) {
    const seen = await recordSeenBy(s, me, peer, callId);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ type: 'webrtc', extends: { outcome, call_id: callId } });
  }
}

describe.each(backends)('calls (%s)', (backend) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let stranger: TestUser;
  const { sock, closeAll } = socketPool(() => s.wsUrl);

  beforeAll(async () => {
    s = await startServer(backend, { callGraceMs: 400 });
    alice = await s.user('Alice');
    bob = await s.user('Bob');
    carol = await s.user('Carol');
    stranger = await s.user('Stranger');
    await befriend(s.built.ctx.db, alice.id, bob.id);
    await befriend(s.built.ctx.db, carol.id, bob.id);
    await befriend(s.built.ctx.db, carol.id, alice.id);
  });
  afterAll(async () => {
    closeAll();
    await s.close();
  });

  it('refuses without a token, refuses a stranger, and answers bad steps with a 400 and a key', async () => {
    expect((await s.post(SEND_TO_MSG, { toContactId: bob.id, event: 'call', code: 901, type: 'voice', id: randomUUID() })).status).toBe(401);
    const strangerSock = await sock(stranger);
    const refused = await ring(s, stranger, strangerSock, bob);
    expect(refused.res.body.code).toBe(403);
    expect(await records(s, refused.id)).toHaveLength(0);

    const aSock = await sock(alice);
    const noCode = await step(s, alice, aSock, { toContactId: bob.id, event: 'call', type: 'voice', id: randomUUID() });
    expect(noCode.body).toMatchObject({ code: 400, msg: 'A call step needs its code (901–907).' });
    const noType = await step(s, alice, aSock, { toContactId: bob.id, event: 'call', code: 901, id: randomUUID() });
    expect(noType.body.code).toBe(400);
    const self = await ring(s, alice, aSock, alice);
    expect(self.res.body).toMatchObject({ code: 400, key: 'calls.self' });
    const noSocket = await step(s, alice, null, { toContactId: bob.id, event: 'call', code: 901, type: 'voice', id: randomUUID() });
    expect(noSocket.body).toMatchObject({ key: 'calls.notConnected' });
    const unknown = await step(s, alice, aSock, { toContactId: bob.id, event: 'call', code: 906, id: randomUUID() });
    expect(unknown.body).toMatchObject({ code: 404, key: 'calls.ended' });
  });

  it('rings every device of the callee; the first to accept wins and the other is told; signalling reaches only the two call sockets', async () => {
    const aPhone = await sock(alice);
    const aPc = await sock(alice);
    const bPhone = await sock(bob);
    const bPc = await sock(bob);
    const { id, res } = await ring(s, alice, aPhone, bob, 'video');
    expect(res.body).toMatchObject({ code: 0, data: { id, state: 'ringing', code: 901 } });
    const rangPhone = await bPhone.next('webrtc');
    const rangPc = await bPc.next('webrtc');
    for (const rang of [rangPhone, rangPc]) {
      expect(rang.data).toMatchObject({ id, event: 'call', code: 901, type: 'video', caller: { id: alice.id, displayName: alice.nickname } });
    }

    const accepted = await step(s, bob, bPc, { toContactId: alice.id, event: 'call', code: CallCode.ACCEPTED, id });
    expect(accepted.body).toMatchObject({ code: 0, data: { state: 'active', code: 904 } });
    expect((await aPhone.next('webrtc')).data).toMatchObject({ id, code: 904 });
    expect((await bPhone.next('webrtc')).data).toMatchObject({ id, code: 904, elsewhere: true });
    const late = await step(s, bob, bPhone, { toContactId: alice.id, event: 'call', code: CallCode.ACCEPTED, id });
    expect(late.body).toMatchObject({ code: 403, key: 'calls.otherDevice', msg: 'Another device is on a call.' });

    // offer → the answering device only; answer and ice → the calling device only
    expect((await step(s, alice, aPhone, { toContactId: bob.id, event: 'offer', sdp: 'v=0 offer', id })).body.code).toBe(0);
    expect((await bPc.next('webrtc')).data).toMatchObject({ id, event: 'offer', sdp: 'v=0 offer' });
    expect((await step(s, bob, bPc, { toContactId: alice.id, event: 'answer', sdp: 'v=0 answer', id })).body.code).toBe(0);
    expect((await aPhone.next('webrtc')).data).toMatchObject({ event: 'answer', sdp: 'v=0 answer' });
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    expect((await step(s, bob, bPc, { toContactId: alice.id, event: 'ice', candidate, id })).body.code).toBe(0);
    expect((await aPhone.next('webrtc')).data).toMatchObject({ event: 'ice', candidate });
    // the other devices of either side never see signalling
    for (const other of [aPc, bPhone]) expect(other.frames.filter((f) => f.type === 'webrtc' && f.data.event !== 'call')).toHaveLength(0);
    // the callee's other device may not signal or hang up someone else's connection
    const fromOtherDevice = await step(s, bob, bPhone, { toContactId: alice.id, event: 'answer', sdp: 'x', id });
    expect(fromOtherDevice.body).toMatchObject({ key: 'calls.notConnected' });

    // a stranger and a third friend can neither signal into nor end the call
    const carolSock = await sock(carol);
    for (const [who, ws, to] of [
      [stranger, await sock(stranger), alice],
      [carol, carolSock, alice],
    ] as const) {
      const intrude = await step(s, who, ws, { toContactId: to.id, event: 'offer', sdp: 'evil', id });
      expect(intrude.body).toMatchObject({ code: 403, key: 'calls.notParty' });
      const hangup = await step(s, who, ws, { toContactId: to.id, event: 'call', code: CallCode.HUNG_UP, id });
      expect(hangup.body).toMatchObject({ code: 403, key: 'calls.notParty' });
    }
    const wrongPeer = await step(s, alice, aPhone, { toContactId: carol.id, event: 'offer', sdp: 'x', id });
    expect(wrongPeer.body).toMatchObject({ key: 'calls.notParty' });

    // busy: Carol calls Bob while he is on this call → 907 and a Busy record on both sides
    const busy = await ring(s, carol, carolSock, bob, 'voice');
    expect(busy.res.body).toMatchObject({ code: 0, data: { state: 'ended', code: CallCode.BUSY } });
    await expectOneRecord(s, carol, bob, busy.id, 'busy');
    // and Alice cannot start a second call while on this one
    const second = await ring(s, alice, aPc, carol);
    expect(second.res.body).toMatchObject({ code: 403, key: 'calls.otherDevice' });

    // the other devices of either party are not on the call and cannot end it
    expect((await step(s, alice, aPc, { toContactId: bob.id, event: 'call', code: CallCode.HUNG_UP, id })).body).toMatchObject({ key: 'calls.otherDevice' });
    expect((await step(s, bob, bPhone, { toContactId: alice.id, event: 'call', code: CallCode.REJECTED, id })).body).toMatchObject({ key: 'calls.otherDevice' });
    const hung = await step(s, alice, aPhone, { toContactId: bob.id, event: 'call', code: CallCode.HUNG_UP, id });
    expect(hung.body).toMatchObject({ code: 0, data: { state: 'ended', code: CallCode.HUNG_UP } });
    const again = await step(s, bob, bPc, { toContactId: alice.id, event: 'call', code: CallCode.HUNG_UP, id });
    expect(again.body).toMatchObject({ code: 404, key: 'calls.ended' });
    await expectOneRecord(s, alice, bob, id, 'completed');
    const ended = (await bPhone.next('webrtc')).data;
    expect(ended).toMatchObject({ id, code: CallCode.HUNG_UP, msg_id: hung.body.data.msg_id });
    // the busy record came first; then this call's record, on every device of both sides
    expect((await bPhone.next('simple')).data).toMatchObject({ id: busy.id, extends: { outcome: 'busy' } });
    expect((await bPhone.next('simple')).data).toMatchObject({ id, type: 'webrtc', extends: { media: 'video', outcome: 'completed' } });
    expect((await aPc.next('simple')).data).toMatchObject({ id, type: 'webrtc' });
    // signalling after the end is refused
    expect((await step(s, alice, aPhone, { toContactId: bob.id, event: 'offer', sdp: 'x', id })).body).toMatchObject({ key: 'calls.ended' });
  });

  it('cancel and reject each end the call once with one record on both sides; a 905 from a client is refused', async () => {
    const aSock = await sock(alice);
    const bSock = await sock(bob);
    const cancelled = await ring(s, alice, aSock, bob, 'voice');
    expect((await step(s, alice, aSock, { toContactId: bob.id, event: 'call', code: CallCode.NO_ANSWER, id: cancelled.id })).body).toMatchObject({
      code: 400,
      key: 'calls.badStep',
    });
    expect((await step(s, bob, bSock, { toContactId: alice.id, event: 'call', code: CallCode.CANCELLED, id: cancelled.id })).body).toMatchObject({
      key: 'calls.badStep',
    });
    const [first, second] = await Promise.all([
      step(s, alice, aSock, { toContactId: bob.id, event: 'call', code: CallCode.CANCELLED, id: cancelled.id }),
      step(s, alice, aSock, { toContactId: bob.id, event: 'call', code: CallCode.CANCELLED, id: cancelled.id }),
    ]);
    expect([first.body.code, second.body.code].sort()).toEqual([0, 404]);
    await expectOneRecord(s, alice, bob, cancelled.id, 'cancelled');

    const declined = await ring(s, alice, aSock, bob, 'video');
    expect((await step(s, bob, bSock, { toContactId: alice.id, event: 'call', code: CallCode.REJECTED, id: declined.id })).body.data).toMatchObject({
      state: 'ended',
      code: CallCode.REJECTED,
    });
    await expectOneRecord(s, alice, bob, declined.id, 'declined');
    // the chat list labels the call (spec §4)
    const contacts = (await s.post('/enterprise/im/getContacts', {}, bob.token)).body.data as { id: number; lastContent: string; type: string }[];
    expect(contacts.find((c) => c.id === alice.id)).toMatchObject({ lastContent: '[音视频通话]', type: 'webrtc' });
    const told = aSock.frames.filter((f) => f.type === 'webrtc' && f.data.id === declined.id);
    expect(told.map((f) => f.data.code)).toEqual([CallCode.REJECTED]);

    // a callee device whose client lock is held answers busy (spec §4): a Busy record, once
    const busy = await ring(s, alice, aSock, bob, 'voice');
    const answered = await step(s, bob, bSock, { toContactId: alice.id, event: 'call', code: CallCode.BUSY, id: busy.id });
    expect(answered.body.data).toMatchObject({ state: 'ended', code: CallCode.BUSY });
    await expectOneRecord(s, alice, bob, busy.id, 'busy');
    // only the callee may answer busy
    const other = await ring(s, alice, aSock, bob, 'voice');
    expect((await step(s, alice, aSock, { toContactId: bob.id, event: 'call', code: CallCode.BUSY, id: other.id })).body).toMatchObject({
      key: 'calls.badStep',
    });
    await step(s, alice, aSock, { toContactId: bob.id, event: 'call', code: CallCode.CANCELLED, id: other.id });
  });

  it('a cancel that crosses the answer hangs the connected call up, once', async () => {
    const aSock = await sock(alice);
    const bSock = await sock(bob);
    const { id } = await ring(s, alice, aSock, bob, 'voice');
    await step(s, bob, bSock, { toContactId: alice.id, event: 'call', code: CallCode.ACCEPTED, id });
    const cancel = await step(s, alice, aSock, { toContactId: bob.id, event: 'call', code: CallCode.CANCELLED, id });
    expect(cancel.body).toMatchObject({ code: 0, data: { state: 'ended', code: CallCode.HUNG_UP } });
    await expectOneRecord(s, alice, bob, id, 'completed');
  });

  it('a dropped socket ends its call after the grace period, with one record', async () => {
    const aSock = await sock(alice);
    const bSock = await sock(bob);
    const { id } = await ring(s, alice, aSock, bob, 'voice');
    await step(s, bob, bSock, { toContactId: alice.id, event: 'call', code: CallCode.ACCEPTED, id });
    aSock.close();
    const ended = await bSock.next('webrtc', 10_000).then(async (first) => (first.data.code === CallCode.HUNG_UP ? first : bSock.next('webrtc', 10_000)));
    expect(ended.data).toMatchObject({ id, code: CallCode.HUNG_UP });
    await expectOneRecord(s, alice, bob, id, 'completed');
    // both lines are free again
    const next = await ring(s, bob, bSock, alice);
    expect(next.res.body.data.state).toBe('ringing');
    await step(s, bob, bSock, { toContactId: alice.id, event: 'call', code: CallCode.CANCELLED, id: next.id });
  });

  it('a party that reconnects within the grace period resumes the call on its new socket; nobody else can', async () => {
    const aOld = await sock(alice);
    const bSock = await sock(bob);
    const { id } = await ring(s, alice, aOld, bob, 'video');
    await step(s, bob, bSock, { toContactId: alice.id, event: 'call', code: CallCode.ACCEPTED, id });
    const aOther = await sock(alice);
    // another device of Alice's does not know the old socket id, and Carol is no party
    expect((await step(s, alice, aOther, { toContactId: bob.id, event: 'resume', id, from_client: 'not-the-socket' })).body).toMatchObject({
      key: 'calls.notConnected',
    });
    expect((await step(s, carol, await sock(carol), { toContactId: alice.id, event: 'resume', id, from_client: aOld.clientId })).body).toMatchObject({
      key: 'calls.notParty',
    });
    aOld.close();
    await aOld.closed;
    const aNew = await sock(alice);
    const resumed = await step(s, alice, aNew, { toContactId: bob.id, event: 'resume', id, from_client: aOld.clientId });
    expect(resumed.body).toMatchObject({ code: 0, data: { state: 'active' } });
    // past the grace period the call is still on, and signalling now reaches the new socket
    await new Promise((r) => setTimeout(r, 900));
    expect(await records(s, id)).toHaveLength(0);
    expect((await step(s, bob, bSock, { toContactId: alice.id, event: 'answer', sdp: 'v=0 again', id })).body.code).toBe(0);
    expect((await aNew.next('webrtc')).data).toMatchObject({ event: 'answer', sdp: 'v=0 again' });
    expect((await step(s, alice, aOld, { toContactId: bob.id, event: 'offer', sdp: 'x', id })).body.code).not.toBe(0);
    await step(s, alice, aNew, { toContactId: bob.id, event: 'call', code: CallCode.HUNG_UP, id });
    await expectOneRecord(s, alice, bob, id, 'completed');
  });

  it('on a single node, calls left on in the database by a restart end at start, each with its record', async () => {
    const db = s.built.ctx.db;
    const now = Date.now();
    const row = (id: string, caller: number, callee: number, state: string) => ({
      id,
      caller_id: caller,
      callee_id: callee,
      media: 'voice',
      state,
      caller_client: 'gone-socket-1',
      callee_client: state === 'active' ? 'gone-socket-2' : null,
      created_at: now - 5000,
      ring_deadline: now + 55_000,
      accepted_at: state === 'active' ? now - 3000 : null,
      ended_at: null,
      outcome: null,
      msg_id: null,
    });
    const active = randomUUID();
    const ringing = randomUUID();
    await db.insertInto('calls').values([row(active, alice.id, bob.id, 'active'), row(ringing, carol.id, stranger.id, 'ringing')]).execute();
    await db
      .insertInto('call_lines')
      .values([
        { user_id: alice.id, call_id: active },
        { user_id: bob.id, call_id: active },
        { user_id: carol.id, call_id: ringing },
        { user_id: stranger.id, call_id: ringing },
      ])
      .execute();
    const system = systemService(db, s.built.ctx.config, { info: () => {} });
    const fresh = callService(s.built.ctx, system, messageService(s.built.ctx, system));
    expect(await fresh.recover()).toBe(2);
    expect(await fresh.recover()).toBe(0);
    await expectOneRecord(s, alice, bob, active, 'completed');
    expect(await records(s, ringing)).toHaveLength(1);
    expect(await db.selectFrom('call_lines').selectAll().execute()).toEqual([]);
  });

  it('refuses calls while the system switch disableCalls is on, with the spec message', async () => {
    const watcher = await sock(alice);
    const admin = systemService(s.built.ctx.db, s.built.ctx.config, { info: () => {} });
    await admin.set('disableCalls', 'true');
    try {
      await watcher.next('updateConfig', 10_000);
      const { id, res } = await ring(s, alice, watcher, bob);
      expect(res.body).toMatchObject({ code: 403, key: 'calls.disabled', msg: 'Audio and video calls are not enabled.' });
      expect(await records(s, id)).toHaveLength(0);
      expect((await s.post('/enterprise/im/getCallConfig', {}, alice.token)).body.data.enabled).toBe(false);
    } finally {
      await admin.set('disableCalls', 'false');
      await watcher.next('updateConfig', 10_000);
    }
    expect((await s.post('/enterprise/im/getCallConfig', {}, alice.token)).body.data).toMatchObject({ enabled: true, iceServers: [], ringSeconds: 60 });
  });
});

describe.each(backends)('calls ring timeout (%s)', (backend) => {
  let s: TestServer;
  const { sock, closeAll } = socketPool(() => s.wsUrl);
  beforeAll(async () => {
    s = await startServer(backend, { callRingMs: 600 });
  });
  afterAll(async () => {
    closeAll();
    await s.close();
  });

  it('ends an unanswered call with 905 once, leaving one "no answer" record on both sides', async () => {
    const a = await s.user('Ann');
    const b = await s.user('Ben');
    await befriend(s.built.ctx.db, a.id, b.id);
    const aSock = await sock(a);
    const bSock = await sock(b);
    const { id } = await ring(s, a, aSock, b, 'voice');
    expect((await bSock.next('webrtc')).data.code).toBe(CallCode.CALLING);
    expect((await bSock.next('webrtc', 10_000)).data).toMatchObject({ id, code: CallCode.NO_ANSWER });
    expect((await aSock.next('webrtc', 10_000)).data).toMatchObject({ id, code: CallCode.NO_ANSWER });
    await expectOneRecord(s, a, b, id, 'missed');
    const late = await step(s, b, bSock, { toContactId: a.id, event: 'call', code: CallCode.ACCEPTED, id });
    expect(late.body).toMatchObject({ code: 404, key: 'calls.ended' });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
const twoNodes = redisUrl && pgUrl ? [{ redisUrl, pgUrl }] : [];

describe.each(twoNodes)('calls across two nodes over Redis and one PostgreSQL', ({ redisUrl: url, pgUrl: databaseUrl }) => {
  it('rings, connects, signals and ends a call whose parties sit on different nodes', async () => {
    const env = { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: `t_${randomUUID().replaceAll('-', '').slice(0, 12)}` };
    const nodeA = await startServer('sqlite', { env, redisUrl: url });
    const nodeB = await startServer('sqlite', { env, redisUrl: url });
    const open: TestSocket[] = [];
    try {
      const a = await nodeA.user('Ann');
      const b = await nodeA.user('Ben');
      await befriend(nodeA.built.ctx.db, a.id, b.id);
      const aSock = await boundSocket(nodeA.wsUrl, a.token);
      const bSock = await boundSocket(nodeB.wsUrl, b.token);
      open.push(aSock, bSock);
      const { id } = await ring(nodeA, a, aSock, b, 'video');
      expect((await bSock.next('webrtc')).data).toMatchObject({ id, code: CallCode.CALLING });
      expect((await step(nodeB, b, bSock, { toContactId: a.id, event: 'call', code: CallCode.ACCEPTED, id })).body.code).toBe(0);
      expect((await aSock.next('webrtc')).data).toMatchObject({ id, code: CallCode.ACCEPTED });
      expect((await step(nodeA, a, aSock, { toContactId: b.id, event: 'offer', sdp: 'v=0 across', id })).body.code).toBe(0);
      expect((await bSock.next('webrtc')).data).toMatchObject({ event: 'offer', sdp: 'v=0 across' });
      // a second call placed on the other node still finds Ben busy
      const c = await nodeB.user('Cid');
      await befriend(nodeB.built.ctx.db, c.id, b.id);
      const cSock = await boundSocket(nodeB.wsUrl, c.token);
      open.push(cSock);
      expect((await ring(nodeB, c, cSock, b)).res.body.data).toMatchObject({ state: 'ended', code: CallCode.BUSY });
      expect((await step(nodeB, b, bSock, { toContactId: a.id, event: 'call', code: CallCode.HUNG_UP, id })).body.code).toBe(0);
      expect((await aSock.next('webrtc')).data).toMatchObject({ id, code: CallCode.HUNG_UP });
      await expectOneRecord(nodeA, a, b, id, 'completed');
    } finally {
      for (const ws of open) ws.close();
      await nodeA.close();
      await nodeB.close();
    }
  });
});
