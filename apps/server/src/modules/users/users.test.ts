import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, boundSocket, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { hashToken } from '../auth/tokens.ts';
import { signQr } from './qr.ts';

describe.each(backends)('users: profiles, search, account security, devices, QR (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(() => s.close());

  const db = () => s.built.ctx.db;
  const PRIVATE = ['email', 'invite_code', 'phone', 'password_hash'];

  /** Friendship rows written directly (both sides). */
  async function makeFriends(a: number, b: number, remarkOfB = '') {
    const now = Date.now();
    await db()
      .insertInto('friends')
      .values([
        { user_id: a, friend_id: b, nickname: remarkOfB, created_at: now },
        { user_id: b, friend_id: a, nickname: '', created_at: now },
      ])
      .execute();
  }
  async function login(u: TestUser, password = u.password) {
    return s.post('/common/pub/login', { account: u.account, password, isMobile: 0 });
  }
  async function setNickname(u: TestUser, nickname: string) {
    await db().updateTable('users').set({ nickname, email: `${u.account}@example.com` }).where('id', '=', u.id).execute();
  }

  it('getUserInfo: mine in full; a stranger sees public fields only; a friend also sees the e-mail', async () => {
    const a = await s.user('Ann');
    const b = await s.user('Ben');
    const c = await s.user('Cat');
    await setNickname(b, 'Ben');
    await makeFriends(a.id, b.id, 'Benny');

    const mine = await s.post('/enterprise/im/getUserInfo', {}, b.token);
    expect(mine.body.data).toMatchObject({ user_id: b.id, account: b.account, email: `${b.account}@example.com` });
    expect(mine.body.data.invite_code).toMatch(/^[0-9A-F]{8}$/);

    const stranger = await s.post('/enterprise/im/getUserInfo', { user_id: b.id }, c.token);
    expect(stranger.body).toMatchObject({
      code: 0,
      data: { user_id: b.id, nickname: 'Ben', displayName: 'Ben', is_friend: false, remark: '', verified: false, account: b.account },
    });
    for (const k of PRIVATE) expect(stranger.body.data).not.toHaveProperty(k);
    expect(JSON.stringify(stranger.body)).not.toContain('@example.com');

    const friend = await s.post('/enterprise/im/getUserInfo', { user_id: b.id }, a.token);
    expect(friend.body.data).toMatchObject({ is_friend: true, remark: 'Benny', displayName: 'Benny', index: 'B', email: `${b.account}@example.com` });
    expect(friend.body.data).not.toHaveProperty('invite_code');

    const self = await s.post('/enterprise/im/getUserInfo', { user_id: b.id }, b.token);
    expect(self.body.data).toMatchObject({ is_self: true, is_friend: false });
    expect(self.body.data.invite_code).toBe(mine.body.data.invite_code);

    expect((await s.post('/enterprise/im/getUserInfo', { user_id: 2_000_000_000 }, a.token)).body.code).toBe(404);
    expect((await s.post('/enterprise/im/getUserInfo', { user_id: 'me' }, a.token)).body.code).toBe(400);
  });

  it('getContactInfo answers user contact ids and refuses groups and the system contact', async () => {
    const a = await s.user();
    const b = await s.user();
    const ok = await s.post('/enterprise/im/getContactInfo', { id: String(b.id) }, a.token);
    expect(ok.body).toMatchObject({ code: 0, data: { user_id: b.id, is_friend: false } });
    for (const k of PRIVATE) expect(ok.body.data).not.toHaveProperty(k);
    expect((await s.post('/enterprise/im/getContactInfo', { id: b.id }, a.token)).body.data.user_id).toBe(b.id);
    const group = await s.post('/enterprise/im/getContactInfo', { id: 'group-3' }, a.token);
    expect(group.body).toMatchObject({ code: 400, msg: expect.stringMatching(/groupInfo/) });
    for (const id of ['system', '12abc', '', 'x'.repeat(65), -4, 0, '99999999999']) {
      expect((await s.post('/enterprise/im/getContactInfo', { id }, a.token)).body.code, String(id)).toBe(400);
    }
    expect((await s.post('/enterprise/im/getContactInfo', { id: '2000000000' }, a.token)).body.code).toBe(404);
  });

  it('searchUser finds by exact account and by nickname part (Chinese too), never me, public fields only', async () => {
    const me = await s.user();
    const wang = await s.user();
    const li = await s.user();
    await db().updateTable('users').set({ nickname: '王小明' }).where('id', '=', wang.id).execute();
    await db().updateTable('users').set({ nickname: 'Xiaoming Li', email: 'li@example.com' }).where('id', '=', li.id).execute();
    await makeFriends(me.id, li.id);

    const byAccount = await s.post('/enterprise/im/searchUser', { keywords: ` ${wang.account.toUpperCase()} ` }, me.token);
    expect(byAccount.body.code).toBe(0);
    expect(byAccount.body.data[0]).toMatchObject({ user_id: wang.id, nickname: '王小明', is_friend: false, index: 'W' });

    const chinese = await s.post('/enterprise/im/searchUser', { keywords: '小明' }, me.token);
    expect(chinese.body.data.map((u: { user_id: number }) => u.user_id)).toEqual([wang.id]);

    const latin = await s.post('/enterprise/im/searchUser', { keywords: 'XIAOMING' }, me.token);
    expect(latin.body.data).toEqual([expect.objectContaining({ user_id: li.id, is_friend: true })]);
    for (const k of PRIVATE) expect(latin.body.data[0]).not.toHaveProperty(k);

    // A part of an account is not a match (exact accounts only), and I never find myself.
    expect((await s.post('/enterprise/im/searchUser', { keywords: wang.account.slice(0, 5) }, me.token)).body.data).toEqual([]);
    expect((await s.post('/enterprise/im/searchUser', { keywords: me.account }, me.token)).body.data).toEqual([]);
    // LIKE wildcards are plain characters.
    expect((await s.post('/enterprise/im/searchUser', { keywords: '%' }, me.token)).body.data).toEqual([]);
    expect((await s.post('/enterprise/im/searchUser', { keywords: '_' }, me.token)).body.data).toEqual([]);

    for (const keywords of ['', '   ', 'k'.repeat(33), 12, null]) {
      const res = await s.post('/enterprise/im/searchUser', { keywords }, me.token);
      expect(res.body.code, String(keywords)).toBe(400);
    }
  });

  it('updateUserInfo changes nickname, gender, signature and e-mail; refuses bad values', async () => {
    const u = await s.user();
    const res = await s.post(
      '/enterprise/im/updateUserInfo',
      { nickname: ' 小红 ', gender: 'female', signature: 'Hello there', email: 'hong@example.com' },
      u.token,
    );
    expect(res.body).toMatchObject({
      code: 0,
      data: { nickname: '小红', gender: 'female', signature: 'Hello there', email: 'hong@example.com', verified: false },
    });
    const bad = [
      { gender: 'other' },
      { signature: 's'.repeat(101) },
      { email: 'not-an-email' },
      { nickname: '' },
      { nickname: 'n'.repeat(33) },
      { nickname: 5 },
      // nothing to read, a reversing override, control characters (all were kept)
      { nickname: '\u200b' },
      { nickname: '\u202eevil' },
      { nickname: '\u001b[31mred' },
      { nickname: 'bell\u0007' },
    ];
    for (const body of bad) {
      const r = await s.post('/enterprise/im/updateUserInfo', body, u.token);
      expect(r.body.code, JSON.stringify(body)).toBe(400);
    }
    const after = await s.post('/enterprise/im/getUserInfo', {}, u.token);
    expect(after.body.data).toMatchObject({ nickname: '小红', gender: 'female', signature: 'Hello there' });
    // '' clears the e-mail.
    expect((await s.post('/enterprise/im/updateUserInfo', { email: '' }, u.token)).body.data.email).toBe('');
  });

  it('verifyEmail checks the code sent to that address, then the account is verified', async () => {
    const u = await s.user();
    const other = await s.user();
    const email = `v_${u.account}@example.com`;
    const now = Date.now();
    const insertCode = (target: string, code: string, expiresAt = now + 600_000) =>
      db()
        .insertInto('verification_codes')
        .values({ target, purpose: 'verify', code_hash: hashToken(code), expires_at: expiresAt, used_at: null, created_at: now })
        .execute();
    await insertCode(email, '123456');
    await insertCode(email, '654321', now - 1);

    expect((await s.post('/enterprise/im/verifyEmail', { email, code: '000000' }, u.token)).body.code).toBe(400);
    expect((await s.post('/enterprise/im/verifyEmail', { email, code: '654321' }, u.token)).body.code).toBe(400);
    expect((await s.post('/enterprise/im/verifyEmail', { email: 'x@example.com', code: '123456' }, u.token)).body.code).toBe(400);
    expect((await s.post('/enterprise/im/verifyEmail', { email, code: '12345' }, u.token)).body.code).toBe(400);

    const ok = await s.post('/enterprise/im/verifyEmail', { email, code: '123456' }, u.token);
    expect(ok.body).toMatchObject({ code: 0, data: { verified: true, email } });
    expect((await s.post('/enterprise/im/verifyEmail', { email, code: '123456' }, u.token)).body.code).toBe(400);
    // A verified address changes only through a new verification.
    const change = await s.post('/enterprise/im/updateUserInfo', { email: 'new@example.com' }, u.token);
    expect(change.body.code).toBe(400);
    // Another account cannot verify the same address.
    await insertCode(email, '222222');
    expect((await s.post('/enterprise/im/verifyEmail', { email, code: '222222' }, other.token)).body.msg).toMatch(
      /already verified by another account/,
    );
    // Guessing is limited.
    const g = await s.user();
    for (let i = 0; i < 5; i++) await s.post('/enterprise/im/verifyEmail', { email, code: '999999' }, g.token);
    expect((await s.post('/enterprise/im/verifyEmail', { email, code: '999999' }, g.token)).body.code).toBe(403);
  });

  it('editAccount: 4-32 characters, unique ignoring case, then sign-in uses the new account', async () => {
    const a = await s.user();
    const b = await s.user();
    const taken = await s.post('/enterprise/im/editAccount', { account: b.account.toUpperCase() }, a.token);
    expect(taken.body).toMatchObject({ code: 400, msg: 'That account is already taken. Choose another.' });
    expect((await s.post('/enterprise/im/editAccount', { account: 'abc' }, a.token)).body).toMatchObject({
      code: 400,
      msg: 'Enter an account, 4-32 characters',
    });
    expect((await s.post('/enterprise/im/editAccount', { account: 'a'.repeat(33) }, a.token)).body.code).toBe(400);
    expect((await s.post('/enterprise/im/editAccount', { account: 'has space' }, a.token)).body.code).toBe(400);
    const fresh = `New_${a.account}`;
    const ok = await s.post('/enterprise/im/editAccount', { account: fresh }, a.token);
    expect(ok.body).toMatchObject({ code: 0, data: { account: fresh } });
    expect((await s.post('/common/pub/login', { account: fresh.toLowerCase(), password: a.password, isMobile: 0 })).body.code).toBe(0);
    expect((await login(a)).body.code).toBe(400);
    // Changing only the case of my own account is fine.
    expect((await s.post('/enterprise/im/editAccount', { account: fresh.toUpperCase() }, a.token)).body.code).toBe(0);
  });

  it('editPassword: checks the current one, the new one works, other sessions go offline, this one stays', async () => {
    const u = await s.user();
    const other = (await login(u)).body.data.authToken as string;
    const sock = await boundSocket(s.wsUrl, other);

    const wrong = await s.post('/enterprise/im/editPassword', { oldPassword: 'nope1234', password: 'newpass1', repassword: 'newpass1' }, u.token);
    expect(wrong.body).toMatchObject({ code: 400, msg: 'Your current password is wrong.' });
    const mismatch = await s.post('/enterprise/im/editPassword', { oldPassword: u.password, password: 'newpass1', repassword: 'newpass2' }, u.token);
    expect(mismatch.body).toMatchObject({ code: 400, msg: 'Passwords do not match' });
    const short = await s.post('/enterprise/im/editPassword', { oldPassword: u.password, password: '12345', repassword: '12345' }, u.token);
    expect(short.body).toMatchObject({ code: 400, msg: 'Enter a password, 6-16 characters' });
    expect((await s.post('/enterprise/im/editPassword', { password: 'newpass1', repassword: 'newpass1' }, u.token)).body.code).toBe(400);
    // Nothing changed so far.
    expect((await login(u)).body.code).toBe(0);

    const ok = await s.post('/enterprise/im/editPassword', { oldPassword: u.password, password: 'newpass1', repassword: 'newpass1' }, u.token);
    expect(ok.body.code).toBe(0);
    expect((await sock.next('offline')).data.msg).toMatch(/password/i);
    await sock.closed;
    expect((await s.post('/enterprise/im/deviceList', {}, other)).body.code).toBe(-1);
    expect((await s.post('/enterprise/im/deviceList', {}, u.token)).body.code).toBe(0);
    expect((await login(u)).body.code).toBe(400);
    expect((await login(u, 'newpass1')).body.code).toBe(0);
  });

  it('deviceList shows my live sessions; signOutDevice signs out mine only', async () => {
    const u = await s.user();
    const v = await s.user();
    const second = (await s.post('/common/pub/login', { account: u.account, password: u.password, isMobile: 0 }, undefined, { cid: 'dev-2' }))
      .body.data.authToken as string;
    const sock = await boundSocket(s.wsUrl, second);

    const list = await s.post('/enterprise/im/deviceList', {}, u.token);
    expect(list.body.data).toHaveLength(2);
    const current = list.body.data.find((d: { current: boolean }) => d.current);
    const theOther = list.body.data.find((d: { current: boolean }) => !d.current);
    expect(current).toMatchObject({ device: 'mobile' });
    expect(theOther).toMatchObject({ device: 'web', cid: 'dev-2' });
    expect(JSON.stringify(list.body.data)).not.toContain('token');

    // V cannot sign out U's device, and U's session keeps working.
    const stranger = await s.post('/enterprise/im/signOutDevice', { id: theOther.id }, v.token);
    expect(stranger.body.code).toBe(404);
    expect((await s.post('/enterprise/im/deviceList', {}, second)).body.code).toBe(0);
    const vList = await s.post('/enterprise/im/deviceList', {}, v.token);
    expect(vList.body.data.map((d: { id: number }) => d.id)).not.toContain(theOther.id);

    const out = await s.post('/enterprise/im/signOutDevice', { id: theOther.id }, u.token);
    expect(out.body).toMatchObject({ code: 0, data: { id: theOther.id, current: false } });
    expect((await sock.next('offline')).type).toBe('offline');
    await sock.closed;
    expect((await s.post('/enterprise/im/deviceList', {}, second)).body.code).toBe(-1);
    expect((await s.post('/enterprise/im/signOutDevice', { id: theOther.id }, u.token)).body.code).toBe(404);
    expect((await s.post('/enterprise/im/deviceList', {}, u.token)).body.data).toHaveLength(1);
    expect((await s.post('/enterprise/im/signOutDevice', { id: 'x' }, u.token)).body.code).toBe(400);
  });

  it('myQrcode is signed; scanQr opens users, groups and web addresses and refuses forged or expired codes', async () => {
    const a = await s.user();
    const b = await s.user();
    const qr = await s.post('/enterprise/im/myQrcode', {}, a.token);
    expect(qr.body.data.text).toMatch(new RegExp(`^parley://u/${a.id}\\?exp=\\d+&sig=`));
    expect(qr.body.data.expires_at).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);

    const scan = await s.post('/enterprise/im/scanQr', { text: qr.body.data.text }, b.token);
    expect(scan.body).toMatchObject({ code: 0, data: { kind: 'user', user: { user_id: a.id, is_friend: false } } });
    for (const k of PRIVATE) expect(scan.body.data.user).not.toHaveProperty(k);

    const forged = qr.body.data.text.replace(`/u/${a.id}?`, `/u/${b.id}?`);
    expect((await s.post('/enterprise/im/scanQr', { text: forged }, b.token)).body).toEqual({
      code: 400,
      msg: 'This QR code is not valid',
      data: null,
      key: 'users.qrInvalid',
    });
    const expired = signQr(s.built.ctx.secret, 'u', a.id, 60, Date.now() - 3600_000).text;
    expect((await s.post('/enterprise/im/scanQr', { text: expired }, b.token)).body).toMatchObject({
      code: 400,
      msg: 'This QR code has expired',
    });
    const foreign = signQr('someone-else', 'u', a.id, 60).text;
    expect((await s.post('/enterprise/im/scanQr', { text: foreign }, b.token)).body.msg).toBe('This QR code is not valid');

    expect((await s.post('/enterprise/im/scanQr', { text: 'https://example.com/a?b=1' }, b.token)).body.data).toEqual({
      kind: 'url',
      url: 'https://example.com/a?b=1',
    });
    for (const text of ['hello', 'javascript:alert(1)', 'ftp://x.org', 'http://', '', 'x'.repeat(3000)]) {
      const r = await s.post('/enterprise/im/scanQr', { text }, b.token);
      expect(r.body.code, text.slice(0, 20)).toBe(400);
    }

    const { id: groupId } = await db()
      .insertInto('groups')
      .values({ name: 'G', owner_id: a.id, avatar: '', notice: '', notice_at: 0, setting: '{}', created_at: Date.now(), removed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gText = signQr(s.built.ctx.secret, 'g', groupId, 7 * 24 * 3600).text;
    expect((await s.post('/enterprise/im/scanQr', { text: gText }, b.token)).body.data).toEqual({
      kind: 'group',
      group_id: groupId,
      contact_id: `group-${groupId}`,
      name: 'G',
      member_count: 0,
    });
    const { staffQrSecret } = await import('./qr.ts');
    const staffText = signQr(staffQrSecret(s.built.ctx.secret), 'g', groupId, 60).text;
    expect((await s.post('/enterprise/im/scanQr', { text: staffText }, b.token)).body.data.group_id).toBe(groupId);
    const staffUser = signQr(staffQrSecret(s.built.ctx.secret), 'u', a.id, 60).text;
    expect((await s.post('/enterprise/im/scanQr', { text: staffUser }, b.token)).body.code).toBe(400);
    const gone = signQr(s.built.ctx.secret, 'g', 2_000_000_000, 60).text;
    expect((await s.post('/enterprise/im/scanQr', { text: gone }, b.token)).body.code).toBe(404);
  });

  it('every users endpoint needs a token', async () => {
    const paths = [
      'getUserInfo',
      'getContactInfo',
      'searchUser',
      'updateUserInfo',
      'verifyEmail',
      'editAccount',
      'editPassword',
      'deviceList',
      'signOutDevice',
      'myQrcode',
      'scanQr',
    ];
    for (const p of paths) expect((await s.post(`/enterprise/im/${p}`, {})).status, p).toBe(401);
  });
});
