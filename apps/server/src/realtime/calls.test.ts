import { randomUUID } from 'node:crypto';
import { RATE_LIMITS, SOCKET_FRAMES_PER_SECOND } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { befriend } from '../testing/fixtures.ts';
import { backends, boundSocket, openSocket, startServer, type TestServer, type TestSocket, type TestUser } from '../testing/harness.ts';

describe.each(backends)('calls over the socket (%s)', (backend) => {
  let s: TestServer | undefined;
  const open: TestSocket[] = [];
  afterEach(async () => {
    for (const sock of open.splice(0)) sock.close();
    await s?.close();
    s = undefined;
  });
  const bound = async (server: TestServer, u: TestUser) => {
    const sock = await boundSocket(server.wsUrl, u.token);
    open.push(sock);
    return sock;
  };

  it('sends a message as HTTP would: the answer is the message, the friend gets the push, the calling socket does not', async () => {
    s = await startServer(backend);
    const [a, b] = [await s.user('A'), await s.user('B')];
    await befriend(s.built.ctx.db, a.id, b.id);
    const [wsA, wsB] = [await bound(s, a), await bound(s, b)];
    const id = randomUUID();
    const answer = await wsA.call('sendMessage', { id, toContactId: b.id, is_group: 0, type: 'text', content: 'over the socket' });
    expect(answer).toMatchObject({ code: 0, msg: '', data: { id, content: 'over the socket' } });
    expect((await wsB.next('simple')).data).toMatchObject({ id, content: 'over the socket' });
    // the same id again (a retry after a lost answer) is the same message, pushed once
    const again = await wsA.call('sendMessage', { id, toContactId: b.id, is_group: 0, type: 'text', content: 'over the socket' });
    expect(again.data.msg_id).toBe(answer.data.msg_id);
    wsB.send({ type: 'ping' });
    await wsB.next('pong');
    expect(wsB.frames.filter((f) => f.type === 'simple')).toHaveLength(1);
    expect(wsA.frames.filter((f) => f.type === 'simple')).toHaveLength(0);
    const list = await s.post('/enterprise/im/getMessageList', { toContactId: a.id, is_group: 0 }, b.token);
    expect(list.body.data.map((m: { id: string }) => m.id)).toEqual([id]);
  });

  it("sends from one socket are stored in the order they were sent, however long each one's checks take", async () => {
    s = await startServer(backend);
    const [a, b] = [await s.user('A'), await s.user('B')];
    await befriend(s.built.ctx.db, a.id, b.id);
    const wsA = await bound(s, a);
    // the first send's friendship check is slow (a cold cache, a busy database)
    const friends = s.built.ctx.friends;
    const mutual = friends.mutual.bind(friends);
    let checks = 0;
    friends.mutual = async (x: number, y: number) => {
      if (checks++ === 0) await new Promise((r) => setTimeout(r, 150));
      return mutual(x, y);
    };
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) wsA.send({ type: 'call', seq: 100 + i, name: 'sendMessage', body: { id, toContactId: b.id, is_group: 0, type: 'text', content: `n${i}` } });
    const bySeq = new Map<number, number>();
    for (let i = 0; i < ids.length; i++) {
      const answer = (await wsA.next('answer')).data as { seq: number; data: { msg_id: number } };
      bySeq.set(answer.seq, answer.data.msg_id);
    }
    friends.mutual = mutual;
    const msgIds = [100, 101, 102].map((seq) => bySeq.get(seq) as number);
    expect(msgIds).toEqual([...msgIds].sort((x, y) => x - y));
  });

  it('refuses what HTTP refuses, with the same envelope: a stranger, a bad body, an unbound socket, an endpoint not callable there', async () => {
    s = await startServer(backend);
    const [a, stranger] = [await s.user('A'), await s.user('Stranger')];
    const wsA = await bound(s, a);
    const toStranger = { id: randomUUID(), toContactId: stranger.id, is_group: 0, type: 'text', content: 'hi' };
    const overHttp = await s.post('/enterprise/im/sendMessage', toStranger, a.token);
    expect(overHttp.body.key).toBeTruthy();
    const overSocket = await wsA.call('sendMessage', { ...toStranger, id: randomUUID() });
    expect({ ...overSocket, seq: undefined }).toEqual({ ...overHttp.body, seq: undefined });

    const withNul = { id: randomUUID(), toContactId: stranger.id, is_group: 0, type: 'text', content: 'a\u0000b' };
    for (const bad of [{}, { id: 'a b', toContactId: 1, type: 'text' }, { id: randomUUID(), toContactId: 'x', is_group: 0, type: 'text', content: 'hi' }, withNul]) {
      const http = await s.post('/enterprise/im/sendMessage', bad, a.token);
      const sock = await wsA.call('sendMessage', bad);
      expect(http.body.code).not.toBe(0);
      expect({ code: sock.code, msg: sock.msg, key: sock.key, data: sock.data }).toEqual({ code: http.body.code, msg: http.body.msg, key: http.body.key, data: null });
    }
    expect(await wsA.call('sendMessage', { ...withNul, id: randomUUID() })).toMatchObject({ code: 400, key: 'common.invalid', msg: 'Text may not contain the NUL character (U+0000).' });
    expect((await wsA.call('sendMessage', [1, 2])).key).toBe('common.notObject');
    expect((await wsA.call('getContacts', {})).key).toBe('common.noEndpoint');
    expect((await wsA.call('no-such-thing', {})).key).toBe('common.noEndpoint');

    const unbound = await openSocket(s.wsUrl);
    open.push(unbound);
    expect(await unbound.call('sendMessage', { ...toStranger, id: randomUUID() })).toMatchObject({ key: 'common.signIn', data: null });

    wsA.send({ type: 'call', seq: 'x', name: 'sendMessage', body: {} });
    expect((await wsA.next('error')).data.key).toBe('common.invalid');
    // nothing of the above was stored
    const list = await s.post('/enterprise/im/getMessageList', { toContactId: stranger.id, is_group: 0 }, a.token);
    expect(list.body.data ?? []).toEqual([]);
  });

  it('HTTP and the socket share one send budget per user', async () => {
    // registering two users stays inside the scaled registration budget (20 an hour × 0.1)
    s = await startServer(backend, { rateLimitScale: 0.1 });
    const max = Math.ceil(RATE_LIMITS.send.max * 0.1);
    const [a, b] = [await s.user('A'), await s.user('B')];
    await befriend(s.built.ctx.db, a.id, b.id);
    const wsA = await bound(s, a);
    const body = () => ({ id: randomUUID(), toContactId: b.id, is_group: 0, type: 'text', content: 'hi' });
    for (let i = 0; i < max - 1; i++) {
      // under the socket's own frame limit (SOCKET_FRAMES_PER_SECOND), which would close it
      if (i > 0 && i % (SOCKET_FRAMES_PER_SECOND - 2) === 0) await new Promise((r) => setTimeout(r, 1_100));
      expect((await wsA.call('sendMessage', body())).code).toBe(0);
    }
    expect((await s.post('/enterprise/im/sendMessage', body(), a.token)).body.code).toBe(0);
    const overSocket = await wsA.call('sendMessage', body());
    expect(overSocket).toMatchObject({ key: 'security.rateLimited', data: null });
    const overHttp = await s.post('/enterprise/im/sendMessage', body(), a.token);
    expect(overHttp.status).toBe(429);
    expect(overHttp.body.key).toBe('security.rateLimited');
    // another user is not held back
    const wsB = await bound(s, b);
    expect((await wsB.call('sendMessage', { ...body(), toContactId: a.id })).code).toBe(0);
  });
});
