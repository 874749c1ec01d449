import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, boundSocket, startServer, type TestServer } from '../../testing/harness.ts';

describe.each(backends)('accounts and sessions (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(() => s.close());

  it('registers, logs in, and the token opens a protected path', async () => {
    const reg = await s.post('/common/pub/register', {
      account: 'carol_1',
      nickname: 'Carol',
      password: 'secret12',
      repassword: 'secret12',
    });
    expect(reg.body.code).toBe(0);
    expect(reg.body.data.userInfo).toMatchObject({ account: 'carol_1', nickname: 'Carol', gender: 'unknown' });
    expect(reg.body.data.authToken.length).toBeGreaterThanOrEqual(22);

    const login = await s.post('/common/pub/login', { account: 'carol_1', password: 'secret12', remember: true });
    expect(login.body.code).toBe(0);
    const token = login.body.data.authToken;
    const bind = await s.post('/common/pub/logout', {}, token);
    expect(bind.body.code).toBe(0);
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    const u = await s.user();
    const wrong = await s.post('/common/pub/login', { account: u.account, password: 'wrongpass' });
    expect(wrong.body.code).toBe(400);
    expect(wrong.body.msg).toMatch(/wrong account or password/i);
    const unknown = await s.post('/common/pub/login', { account: 'nobody_here', password: 'wrongpass' });
    expect(unknown.body.msg).toBe(wrong.body.msg);
  });

  it('applies the spec §5 rules on register', async () => {
    const base = { account: 'dave_1', nickname: 'Dave', password: 'secret12', repassword: 'secret12' };
    expect((await s.post('/common/pub/register', { ...base, account: 'abc' })).body).toMatchObject({
      code: 400,
      msg: 'Enter an account, 4-32 characters',
    });
    expect((await s.post('/common/pub/register', { ...base, account: 'a'.repeat(33) })).body.code).toBe(400);
    expect((await s.post('/common/pub/register', { ...base, password: '12345', repassword: '12345' })).body.msg).toBe(
      'Enter a password, 6-16 characters',
    );
    expect((await s.post('/common/pub/register', { ...base, password: 'x'.repeat(17) })).body.code).toBe(400);
    expect((await s.post('/common/pub/register', { ...base, repassword: 'secret13' })).body.msg).toBe(
      'Passwords do not match',
    );
    expect((await s.post('/common/pub/register', { ...base, nickname: '   ' })).body.code).toBe(400);
    expect((await s.post('/common/pub/register', base)).body.code).toBe(0);
    const dup = await s.post('/common/pub/register', { ...base, account: 'DAVE_1' });
    expect(dup.body).toMatchObject({ code: 400, msg: expect.stringMatching(/already taken/) });
  });

  it('after logout the token gets code -1', async () => {
    const u = await s.user();
    expect((await s.post('/common/pub/logout', {}, u.token)).body.code).toBe(0);
    const after = await s.post('/common/pub/logout', {}, u.token);
    expect(after.status).toBe(200);
    expect(after.body.code).toBe(-1);
  });

  it('a protected path without a token is HTTP 401; a forged token is -1', async () => {
    const none = await s.post('/common/pub/logout', {});
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(401);
    const forged = await s.post('/common/pub/logout', {}, 'A'.repeat(32));
    expect(forged.body.code).toBe(-1);
  });

  it('a second mobile login forces the first device offline', async () => {
    const u = await s.user();
    const first = await s.post('/common/pub/login', { account: u.account, password: u.password, isMobile: 1 });
    const sock = await boundSocket(s.wsUrl, first.body.data.authToken);
    const second = await s.post('/common/pub/login', { account: u.account, password: u.password, isMobile: 1 });
    expect(second.body.code).toBe(0);
    const offline = await sock.next('offline');
    expect(offline.data.msg).toMatch(/another device/);
    expect((await sock.closed).code).toBe(4001);
    expect((await s.post('/common/pub/logout', {}, first.body.data.authToken)).body.code).toBe(-1);
    expect((await s.post('/common/pub/logout', {}, second.body.data.authToken)).body.code).toBe(0);
  });

  it('a web login does not sign out the phone', async () => {
    const u = await s.user();
    const phone = await s.post('/common/pub/login', { account: u.account, password: u.password, isMobile: 1 });
    const web = await s.post('/common/pub/login', { account: u.account, password: u.password, isMobile: 0 });
    expect(web.body.code).toBe(0);
    expect((await s.post('/common/pub/logout', {}, phone.body.data.authToken)).body.code).toBe(0);
  });

  it('with multipleLogin on, both mobile sessions stay', async () => {
    const other = await startServer(backend);
    try {
      const { systemService } = await import('../system/service.ts');
      // what `npm run admin -- config set multipleLogin true` does, from outside the running server
      await systemService(other.built.ctx.db, other.built.ctx.config, { info: () => {} }).set('multipleLogin', 'true');
      // the running server re-reads the config (the admin command path)
      await new Promise((r) => setTimeout(r, 2200));
      const info = await other.post('/common/pub/getSystemInfo');
      expect(info.body.data.sysInfo.multipleLogin).toBe(true);

      const u = await other.user();
      const a = await other.post('/common/pub/login', { account: u.account, password: u.password, isMobile: 1 });
      const sock = await boundSocket(other.wsUrl, a.body.data.authToken);
      const b = await other.post('/common/pub/login', { account: u.account, password: u.password, isMobile: 1 });
      expect(b.body.code).toBe(0);
      sock.send({ type: 'ping' });
      await sock.next('pong');
      expect(sock.frames.some((f) => f.type === 'offline')).toBe(false);
      expect((await other.post('/common/pub/logout', {}, a.body.data.authToken)).body.code).toBe(0);
      expect((await other.post('/common/pub/logout', {}, b.body.data.authToken)).body.code).toBe(0);
      sock.close();
    } finally {
      await other.close();
    }
  });
});
