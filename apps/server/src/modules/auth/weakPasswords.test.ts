import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type TestServer } from '../../testing/harness.ts';

describe.each(backends)('weak passwords are refused (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(() => s.close());

  const register = (account: string, password: string) =>
    s.post('/common/pub/register', { account, nickname: 'Weak', password, repassword: password });

  it.each([
    ['123456', 'security.commonPassword'],
    ['password', 'security.commonPassword'],
    ['PassWord', 'security.commonPassword'],
    ['qwerty123', 'security.commonPassword'],
    ['5201314', 'security.commonPassword'],
    ['      ', 'security.blankPassword'],
    ['weak_acc1', 'security.passwordIsAccount'],
    ['WEAK_ACC1', 'security.passwordIsAccount'],
  ])('register with %j is refused with %s', async (password, key) => {
    const res = await register('weak_acc1', password);
    expect(res.body).toMatchObject({ code: 400, key });
    expect(res.body.msg.length).toBeGreaterThan(10);
  });

  it('keeps the 6-16 character rule and accepts a fair password', async () => {
    expect((await register('weak_acc2', 'Zq7#')).body.code).toBe(400);
    expect((await register('weak_acc2', 'Zq7#mPw2')).body.code).toBe(0);
  });

  it('editPassword refuses a weak new password and keeps the old one', async () => {
    const u = await s.user();
    const weak = await s.post(
      '/enterprise/im/editPassword',
      { oldPassword: u.password, password: 'iloveyou', repassword: 'iloveyou' },
      u.token,
    );
    expect(weak.body).toMatchObject({ code: 400, key: 'security.commonPassword' });
    expect((await s.post('/common/pub/login', { account: u.account, password: u.password })).body.code).toBe(0);
  });
});
