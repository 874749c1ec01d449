import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, boundSocket, openSocket, startServer, type TestServer } from '../testing/harness.ts';

describe.each(backends)('sockets follow their session (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(() => s.close());

  async function login(account: string, password: string, isMobile = 0) {
    const res = await s.post('/common/pub/login', { account, password, isMobile });
    expect(res.body.code).toBe(0);
    return res.body.data.authToken as string;
  }

  it('logout closes the sockets bound with that session, and only those', async () => {
    const u = await s.user();
    const other = await login(u.account, u.password);
    const gone = await boundSocket(s.wsUrl, u.token);
    const stays = await boundSocket(s.wsUrl, other);
    expect((await s.post('/common/pub/logout', {}, u.token)).body.code).toBe(0);
    expect((await gone.closed).code).toBe(4001);
    s.built.ctx.hub.pushUsers([u.id], 'delFriend', { user_id: 1 });
    expect((await stays.next('delFriend')).data).toEqual({ user_id: 1 });
    expect(gone.frames.some((f) => f.type === 'delFriend')).toBe(false);
    stays.close();
  });

  it('signOutDevice, a forced mobile logout and a password change close the revoked sessions too', async () => {
    const u = await s.user();
    const web = await login(u.account, u.password);
    const device = await boundSocket(s.wsUrl, web);
    const list = await s.post('/enterprise/im/deviceList', {}, u.token);
    const webId = list.body.data.find((d: { current: boolean; id: number }) => !d.current && d.id).id;
    expect((await s.post('/enterprise/im/signOutDevice', { id: webId }, u.token)).body.code).toBe(0);
    expect((await device.closed).code).toBe(4001);

    const phone = await login(u.account, u.password, 1);
    const phoneSock = await boundSocket(s.wsUrl, phone);
    const newPhone = await login(u.account, u.password, 1);
    expect((await phoneSock.closed).code).toBe(4001);

    const other = await login(u.account, u.password);
    const otherSock = await boundSocket(s.wsUrl, other);
    const changed = await s.post(
      '/enterprise/im/editPassword',
      { oldPassword: u.password, password: 'Nw7!pass', repassword: 'Nw7!pass' },
      newPhone,
    );
    expect(changed.body.code).toBe(0);
    expect((await otherSock.closed).code).toBe(4001);
  });

  it("bindUid over HTTP cannot take over someone else's socket", async () => {
    const victim = await s.user();
    const thief = await s.user();
    const sock = await boundSocket(s.wsUrl, victim.token);
    const res = await s.post('/common/pub/bindUid', { client_id: sock.clientId }, thief.token);
    expect(res.body.code).toBe(403);
    s.built.ctx.hub.pushUsers([thief.id], 'delFriend', { user_id: 666 });
    s.built.ctx.hub.pushUsers([victim.id], 'delFriend', { user_id: 777 });
    expect((await sock.next('delFriend')).data).toEqual({ user_id: 777 });
    expect(sock.frames.filter((f) => f.type === 'delFriend')).toHaveLength(1);
    sock.close();
  });

  it('bindUid over HTTP binds an unbound socket, and rebinds one of the same user', async () => {
    const u = await s.user();
    const sock = await openSocket(s.wsUrl);
    expect((await s.post('/common/pub/bindUid', { client_id: sock.clientId }, u.token)).body.code).toBe(0);
    const again = await login(u.account, u.password);
    expect((await s.post('/common/pub/bindUid', { client_id: sock.clientId }, again)).body.code).toBe(0);
    sock.close();
  });

  it('a socket bound to one user cannot be rebound to another by a frame', async () => {
    const a = await s.user();
    const b = await s.user();
    const sock = await boundSocket(s.wsUrl, a.token);
    sock.send({ type: 'bindUid', token: b.token });
    expect((await sock.next('error')).data.code).toBe(403);
    s.built.ctx.hub.pushUsers([a.id], 'delFriend', { user_id: 5 });
    expect((await sock.next('delFriend')).data).toEqual({ user_id: 5 });
    sock.close();
  });
});
