import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundSocket, openSocket, startServer, type TestServer } from '../testing/harness.ts';

describe('the /wss socket', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { socketIdleMs: 600 });
  });
  afterAll(() => s.close());

  it('sends init with a client_id, binds by frame, answers ping with pong', async () => {
    const u = await s.user();
    const sock = await openSocket(s.wsUrl);
    expect(sock.clientId).toMatch(/^[0-9a-f]{24}$/);
    sock.send({ type: 'bindUid', token: u.token, user_id: 99999 });
    const bound = await sock.next('bindUid');
    expect(bound.data.user_id).toBe(u.id);
    sock.send({ type: 'ping' });
    await sock.next('pong');
    sock.close();
  });

  it('binds over HTTP with the token, never with the body user_id', async () => {
    const u = await s.user();
    const other = await s.user();
    const sock = await openSocket(s.wsUrl);
    const res = await s.post('/common/pub/bindUid', { client_id: sock.clientId, user_id: other.id }, u.token);
    expect(res.body).toMatchObject({ code: 0, data: { user_id: u.id } });
    s.built.ctx.hub.pushUsers([u.id], 'delFriend', { user_id: 1 });
    expect((await sock.next('delFriend')).data).toEqual({ user_id: 1 });
    s.built.ctx.hub.pushUsers([other.id], 'delFriend', { user_id: 2 });
    sock.send({ type: 'ping' });
    await sock.next('pong');
    expect(sock.frames.filter((f) => f.type === 'delFriend')).toHaveLength(1);
    sock.close();
  });

  it('refuses binding with a bad token and closes', async () => {
    const sock = await openSocket(s.wsUrl);
    sock.send({ type: 'bindUid', token: 'not-a-real-token-at-all-xyz' });
    const err = await sock.next('error');
    expect(err.data.code).toBe(-1);
    expect((await sock.closed).code).toBe(4401);
  });

  it('refuses HTTP binding without a token', async () => {
    const sock = await openSocket(s.wsUrl);
    const res = await s.post('/common/pub/bindUid', { client_id: sock.clientId });
    expect(res.status).toBe(401);
    sock.close();
  });

  it('answers garbage frames with an error and stays open', async () => {
    const sock = await openSocket(s.wsUrl);
    sock.ws.send('{not json');
    expect((await sock.next('error')).data.code).toBe(400);
    sock.send({ type: 'ping' });
    await sock.next('pong');
    sock.close();
  });

  it('answers JSON frames that are not objects (null, a number, a string, a list) with an error and stays open', async () => {
    const sock = await openSocket(s.wsUrl);
    for (const frame of ['null', '7', '"bindUid"', '[]']) {
      sock.ws.send(frame);
      const refused = await sock.next('error');
      expect(refused.data).toMatchObject({ code: 400, key: 'common.unknownFrame' });
    }
    sock.send({ type: 'ping' });
    await sock.next('pong');
    sock.close();
  });

  it('delivers to several sockets of one user', async () => {
    const u = await s.user();
    const a = await boundSocket(s.wsUrl, u.token);
    const b = await boundSocket(s.wsUrl, u.token);
    s.built.ctx.hub.pushUsers([u.id], 'delFriend', { user_id: 1 });
    await a.next('delFriend');
    await b.next('delFriend');
    a.close();
    b.close();
  });

  it('closes a socket that stays silent past the idle limit', async () => {
    const u = await s.user();
    const sock = await boundSocket(s.wsUrl, u.token);
    const started = Date.now();
    const { code } = await sock.closed;
    expect(code).toBe(4000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it('keeps a socket that pings', async () => {
    const u = await s.user();
    const sock = await boundSocket(s.wsUrl, u.token);
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 250));
      sock.send({ type: 'ping' });
      await sock.next('pong');
    }
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    sock.close();
  });
});

describe('pre-encoded push frames', () => {
  it('arrive intact at every payload size boundary (7-bit, 16-bit and 64-bit lengths)', async () => {
    const s = await startServer('sqlite');
    try {
      const u = await s.user();
      const sock = await boundSocket(s.wsUrl, u.token);
      const sizes = [10, 125 - 30, 126, 65_535 - 40, 65_536, 200_000];
      // an `error` frame carries free text: the payload size is the text's
      for (const n of sizes) s.built.ctx.hub.pushUsers([u.id], 'error', { code: n, msg: 'x'.repeat(n) });
      for (const n of sizes) {
        const frame = await sock.next('error');
        expect(frame.data.code).toBe(n);
        expect(frame.data.msg.length).toBe(n);
      }
      sock.close();
    } finally {
      await s.close();
    }
  });
});
