import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, socketPool, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend, seedGroup } from '../../testing/fixtures.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe.each(backends)('profile changes reach friends and co-members (%s)', (backend) => {
  let s: TestServer;
  let me: TestUser;
  let friend: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  const pool = socketPool(() => s.wsUrl);

  beforeAll(async () => {
    s = await startServer(backend);
    me = await s.user('Mia');
    friend = await s.user('Fred');
    member = await s.user('Meg');
    stranger = await s.user('Stan');
    await befriend(s.built.ctx.db, me.id, friend.id);
    await seedGroup(s.built.ctx.db, member.id, [me.id], {}, 'Book club');
  });
  afterAll(async () => {
    pool.closeAll();
    await s.close();
  });

  it('a new avatar is pushed to my friends, my groups\' members and my other devices, not to strangers', async () => {
    const [toFriend, toMember, toStranger, myOther] = await Promise.all([pool.sock(friend), pool.sock(member), pool.sock(stranger), pool.sock(me)]);
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const res = await s.raw('/common/upload/uploadAvatar', { method: 'POST', headers: { authorization: me.token }, body: form });
    const url = ((await res.json()) as { data: { url: string } }).data.url;
    expect(url).toMatch(/^\/common\/upload\/file\//);
    const expected = { user_id: me.id, nickname: me.nickname, avatar: url, avatar_color: expect.any(Number) };
    expect((await toFriend.next('profileChanged')).data).toEqual(expected);
    expect((await toMember.next('profileChanged')).data).toEqual(expected);
    expect((await myOther.next('profileChanged')).data).toEqual(expected);
    // a marker after the push: the stranger's socket has seen everything sent before it
    await s.post('/enterprise/im/updateUserInfo', { nickname: 'Mia M.' }, me.token);
    expect((await toFriend.next('profileChanged')).data).toMatchObject({ user_id: me.id, nickname: 'Mia M.', avatar: url });
    expect(toStranger.frames.some((f) => f.type === 'profileChanged')).toBe(false);
  });

  it('a change that keeps the name pushes nothing', async () => {
    const toFriend = await pool.sock(friend);
    await s.post('/enterprise/im/updateUserInfo', { signature: 'Reading.' }, me.token);
    await s.post('/enterprise/im/updateUserInfo', { nickname: 'Mia M2' }, me.token);
    expect((await toFriend.next('profileChanged')).data.nickname).toBe('Mia M2');
  });
});
