import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriendAll, groupApi } from './testkit.ts';

describe.each(backends)('group QR codes can be revoked (%s)', (backend) => {
  let s: TestServer;
  let api: ReturnType<typeof groupApi>;
  let O: TestUser;
  let A: TestUser;
  let M: TestUser;
  let X: TestUser;
  let Y: TestUser;
  beforeAll(async () => {
    s = await startServer(backend);
    api = groupApi(s);
    [O, A, M, X, Y] = [await s.user('O'), await s.user('A'), await s.user('M'), await s.user('X'), await s.user('Y')];
    await befriendAll(s, [O, A, M, X, Y]);
  });
  afterAll(() => s.close());

  const code = async (gid: number, u: TestUser) => {
    const res = await api.call('groupQrcode', { id: gid }, u);
    expect(res.body.code).toBe(0);
    return res.body.data.text as string;
  };
  const join = (text: string, u: TestUser) => api.call('joinGroup', { qrcode: text }, u);

  it('a code made by an admin dies when the admin is demoted or removed, even with invites off', async () => {
    const gid = await api.make(O, [A, M], [A]);
    await api.setting(O, gid, { invite: 0 });
    const adminCode = await code(gid, A);
    expect((await api.call('setManager', { id: gid, user_id: A.id, role: 3 }, O)).body.code).toBe(0);
    // now a plain member's code, with invitations off
    expect((await join(adminCode, X)).body).toMatchObject({ code: 403, msg: expect.stringMatching(/Invitations are turned off/) });
    expect(await api.member(gid, X.id)).toBeUndefined();

    await api.setting(O, gid, { invite: 1 });
    const memberCode = await code(gid, M);
    expect((await api.call('removeUser', { id: gid, user_id: M.id }, O)).body.code).toBe(0);
    expect((await join(memberCode, X)).body).toMatchObject({ code: 403, key: 'security.groupQrRevoked' });
    expect(await api.member(gid, X.id)).toBeUndefined();
  });

  it('owners and admins reset the codes; a plain member or a stranger may not', async () => {
    const gid = await api.make(O, [A, M], [A]);
    const before = await code(gid, O);
    expect((await api.call('/enterprise/group/resetQrcode', { id: gid }, M)).body.code).toBe(403);
    expect((await api.call('/enterprise/group/resetQrcode', { id: gid }, Y)).body.code).toBe(403);
    const reset = await api.call('/enterprise/group/resetQrcode', { id: gid }, A);
    expect(reset.body).toMatchObject({ code: 0, data: { group_id: gid } });
    expect(reset.body.data.text).not.toBe(before);
    expect((await join(before, X)).body).toMatchObject({ code: 403, key: 'security.groupQrRevoked' });
    expect((await join(reset.body.data.text, X)).body.data.joined).toBe(1);
  });

  it('a removed member needs a fresh invitation: an old code does not readmit them', async () => {
    const gid = await api.make(O, [A, M]);
    const oCode = await code(gid, O);
    expect((await api.call('removeUser', { id: gid, user_id: M.id }, O)).body.code).toBe(0);
    expect((await join(oCode, M)).body).toMatchObject({ code: 403, key: 'security.rejoinNeedsInvite' });
    expect((await join(await code(gid, O), M)).body).toMatchObject({ code: 403, key: 'security.rejoinNeedsInvite' });
    expect((await api.call('addGroupUser', { id: gid, user_ids: [M.id] }, O)).body.code).toBe(0);
    expect(await api.member(gid, M.id)).toBeDefined();
    // one who left on their own may come back by code
    expect((await api.call('removeUser', { id: gid, user_id: A.id }, A)).body.code).toBe(0);
    expect((await join(oCode, A)).body.data.joined).toBe(1);
  });
});
