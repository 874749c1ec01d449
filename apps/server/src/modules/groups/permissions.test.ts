import { GroupRole } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriendAll, groupApi } from '../../testing/index.ts';

/**
 * The permission matrix: every group endpoint called by the owner, an admin, a plain member and an
 * outsider, on a fresh group each time (owner O, admin A, members M and T; N a friend of all, not
 * in the group). Each row gives the expected code per caller and, for writes, the effect that must
 * be there exactly when the call succeeded (a refusal writes nothing).
 */

type Caller = 'owner' | 'admin' | 'member' | 'outsider';
const CALLERS: Caller[] = ['owner', 'admin', 'member', 'outsider'];

interface Cell {
  gid: number;
  O: TestUser;
  A: TestUser;
  M: TestUser;
  T: TestUser;
  N: TestUser;
  X: TestUser;
  me: TestUser;
}

interface Row {
  name: string;
  path: string;
  body: (c: Cell) => Record<string, unknown>;
  /** expected code for owner, admin, member, outsider */
  codes: [number, number, number, number];
  setup?: Record<string, number>;
  /** checks the state after the call; `ok` = the call succeeded */
  effect?: (c: Cell, ok: boolean) => Promise<void>;
}

describe.each(backends)('group permission matrix (%s)', (backend) => {
  let s: TestServer;
  let api: ReturnType<typeof groupApi>;
  let O: TestUser;
  let A: TestUser;
  let M: TestUser;
  let T: TestUser;
  let N: TestUser;
  let X: TestUser;

  beforeAll(async () => {
    s = await startServer(backend);
    api = groupApi(s);
    [O, A, M, T, N, X] = await Promise.all(['Owner', 'Admin', 'Member', 'Target', 'New', 'Outsider'].map((n) => s.user(n)));
    await befriendAll(s, [O, A, M, T, N, X]);
  });
  afterAll(() => s.close());

  const roleOf = async (c: Cell, u: TestUser) => (await api.member(c.gid, u.id))?.role;

  const rows: Row[] = [
    { name: 'groupInfo', path: 'groupInfo', body: (c) => ({ group_id: c.gid }), codes: [0, 0, 0, 403] },
    { name: 'groupUserList', path: 'groupUserList', body: (c) => ({ group_id: c.gid }), codes: [0, 0, 0, 403] },
    { name: 'getAllUser', path: 'getAllUser', body: (c) => ({ id: c.gid }), codes: [0, 0, 0, 403] },
    { name: 'groupQrcode', path: 'groupQrcode', body: (c) => ({ id: c.gid }), codes: [0, 0, 0, 403] },
    {
      name: 'groupQrcode, invites off',
      path: 'groupQrcode',
      setup: { invite: 0 },
      body: (c) => ({ id: c.gid }),
      codes: [0, 0, 403, 403],
    },
    {
      name: 'pub/bindGroup',
      path: '/common/pub/bindGroup',
      body: (c) => ({ client_id: 'abc', group_id: c.gid }),
      codes: [0, 0, 0, 403],
    },
    {
      name: 'index/bindGroup',
      path: '/common/index/bindGroup',
      body: (c) => ({ client_id: 'abc', group_id: `group-${c.gid}` }),
      codes: [0, 0, 0, 403],
    },
    {
      name: 'editGroupName',
      path: 'editGroupName',
      body: (c) => ({ id: c.gid, displayName: 'Renamed' }),
      codes: [0, 0, 403, 403],
      effect: async (c, ok) => expect((await api.group(c.gid)).name).toBe(ok ? 'Renamed' : 'Team'),
    },
    {
      name: 'editGroupName, manage off',
      path: 'editGroupName',
      setup: { manage: 0 },
      body: (c) => ({ id: c.gid, displayName: 'Renamed' }),
      codes: [0, 0, 0, 403],
      effect: async (c, ok) => expect((await api.group(c.gid)).name).toBe(ok ? 'Renamed' : 'Team'),
    },
    {
      name: 'setNotice',
      path: 'setNotice',
      body: (c) => ({ id: c.gid, notice: 'Read me' }),
      codes: [0, 0, 403, 403],
      effect: async (c, ok) => expect((await api.group(c.gid)).notice).toBe(ok ? '<p>Read me</p>' : ''),
    },
    {
      name: 'setNotice, manage off',
      path: 'setNotice',
      setup: { manage: 0 },
      body: (c) => ({ id: c.gid, notice: 'Read me' }),
      codes: [0, 0, 0, 403],
    },
    {
      name: 'groupSetting hideMembers',
      path: 'groupSetting',
      body: (c) => ({ id: c.gid, setting: { hideMembers: 1 } }),
      codes: [0, 0, 403, 403],
      effect: async (c, ok) => expect(JSON.parse((await api.group(c.gid)).setting).hideMembers).toBe(ok ? 1 : 0),
    },
    {
      name: 'groupSetting mute all',
      path: 'groupSetting',
      body: (c) => ({ id: c.gid, setting: { nospeak: 1 } }),
      codes: [0, 0, 403, 403],
    },
    {
      name: 'groupSetting manage (owner only)',
      path: 'groupSetting',
      body: (c) => ({ id: c.gid, setting: { manage: 0 } }),
      codes: [0, 403, 403, 403],
      effect: async (c, ok) => expect(JSON.parse((await api.group(c.gid)).setting).manage).toBe(ok ? 0 : 1),
    },
    {
      name: 'groupSetting only-owner speaks (owner only)',
      path: 'groupSetting',
      body: (c) => ({ id: c.gid, setting: { nospeak: 2 } }),
      codes: [0, 403, 403, 403],
    },
    {
      name: 'groupSetting leaving only-owner mode (owner only)',
      path: 'groupSetting',
      setup: { nospeak: 2 },
      body: (c) => ({ id: c.gid, setting: { nospeak: 0 } }),
      codes: [0, 403, 403, 403],
    },
    {
      name: 'changeOwner',
      path: 'changeOwner',
      body: (c) => ({ id: c.gid, user_id: c.T.id }),
      codes: [0, 403, 403, 403],
      effect: async (c, ok) => {
        expect((await api.group(c.gid)).owner_id).toBe(ok ? c.T.id : c.O.id);
        expect(await roleOf(c, c.O)).toBe(ok ? GroupRole.MEMBER : GroupRole.OWNER);
      },
    },
    {
      name: 'setManager',
      path: 'setManager',
      body: (c) => ({ id: c.gid, user_id: c.T.id, role: 2 }),
      codes: [0, 403, 403, 403],
      effect: async (c, ok) => expect(await roleOf(c, c.T)).toBe(ok ? GroupRole.ADMIN : GroupRole.MEMBER),
    },
    {
      name: 'setManager on the owner',
      path: 'setManager',
      body: (c) => ({ id: c.gid, user_id: c.O.id, role: 3 }),
      codes: [400, 403, 403, 403],
      effect: async (c) => expect(await roleOf(c, c.O)).toBe(GroupRole.OWNER),
    },
    {
      name: 'setNoSpeak a plain member',
      path: 'setNoSpeak',
      body: (c) => ({ id: c.gid, user_id: c.T.id, minutes: 10 }),
      codes: [0, 0, 403, 403],
      effect: async (c, ok) => expect(((await api.member(c.gid, c.T.id))?.mute_until ?? 0) > Date.now()).toBe(ok),
    },
    {
      name: 'setNoSpeak an admin',
      path: 'setNoSpeak',
      body: (c) => ({ id: c.gid, user_id: c.A.id, minutes: 10 }),
      // the admin is muting themself here: refused as "you cannot mute yourself"
      codes: [0, 400, 403, 403],
      effect: async (c, ok) => expect(((await api.member(c.gid, c.A.id))?.mute_until ?? 0) > 0).toBe(ok),
    },
    {
      name: 'setNoSpeak the owner',
      path: 'setNoSpeak',
      body: (c) => ({ id: c.gid, user_id: c.O.id, until: Date.now() + 60_000 }),
      codes: [400, 403, 403, 403],
      effect: async (c) => expect((await api.member(c.gid, c.O.id))?.mute_until).toBe(0),
    },
    {
      name: 'addGroupUser (invites on)',
      path: 'addGroupUser',
      body: (c) => ({ id: c.gid, user_ids: [c.N.id] }),
      codes: [0, 0, 0, 403],
      effect: async (c, ok) => expect(Boolean(await api.member(c.gid, c.N.id))).toBe(ok),
    },
    {
      name: 'addGroupUser (invites off)',
      path: 'addGroupUser',
      setup: { invite: 0 },
      body: (c) => ({ id: c.gid, user_ids: [c.N.id] }),
      codes: [0, 0, 403, 403],
      effect: async (c, ok) => expect(Boolean(await api.member(c.gid, c.N.id))).toBe(ok),
    },
    {
      name: 'removeUser a plain member',
      path: 'removeUser',
      body: (c) => ({ id: c.gid, user_id: c.T.id }),
      codes: [0, 0, 403, 403],
      effect: async (c, ok) => {
        expect(Boolean(await api.member(c.gid, c.T.id))).toBe(!ok);
        expect(Boolean(await api.conversation(c.gid, c.T.id))).toBe(!ok);
      },
    },
    {
      name: 'removeUser an admin',
      path: 'removeUser',
      body: (c) => ({ id: c.gid, user_id: c.A.id }),
      // for the admin this is leaving (user_id = me)
      codes: [0, 0, 403, 403],
      effect: async (c, ok) => expect(Boolean(await api.member(c.gid, c.A.id))).toBe(!ok),
    },
    {
      name: 'removeUser the owner',
      path: 'removeUser',
      body: (c) => ({ id: c.gid, user_id: c.O.id }),
      codes: [400, 403, 403, 403],
      effect: async (c) => expect(Boolean(await api.member(c.gid, c.O.id))).toBe(true),
    },
    {
      name: 'removeUser myself (leave)',
      path: 'removeUser',
      body: (c) => ({ id: c.gid, user_id: c.me.id }),
      codes: [400, 0, 0, 403],
      effect: async (c, ok) => {
        if (c.me === c.X) return;
        expect(Boolean(await api.member(c.gid, c.me.id))).toBe(!ok);
      },
    },
    {
      name: 'removeGroup',
      path: 'removeGroup',
      body: (c) => ({ id: c.gid }),
      codes: [0, 403, 403, 403],
      effect: async (c, ok) => {
        expect((await api.group(c.gid)).removed_at !== null).toBe(ok);
        expect(Boolean(await api.member(c.gid, c.M.id))).toBe(!ok);
      },
    },
    {
      name: 'clearMessage for me',
      path: 'clearMessage',
      body: (c) => ({ id: c.gid }),
      codes: [0, 0, 0, 403],
      effect: async (c, ok) => {
        if (c.me !== c.X) expect(((await api.conversation(c.gid, c.me.id))?.cleared_msg_id ?? 0) > 0).toBe(ok);
        if (c.me !== c.T) expect((await api.conversation(c.gid, c.T.id))?.cleared_msg_id).toBe(0);
      },
    },
    {
      name: 'clearMessage for everyone',
      path: 'clearMessage',
      body: (c) => ({ id: c.gid, all: 1 }),
      codes: [0, 403, 403, 403],
      effect: async (c, ok) => expect(((await api.conversation(c.gid, c.T.id))?.cleared_msg_id ?? 0) > 0).toBe(ok),
    },
  ];

  it.each(rows)('$name', async (row) => {
    const outcomes: Record<string, number> = {};
    for (const [i, caller] of CALLERS.entries()) {
      const gid = await api.make(O, [A, M, T], [A]);
      if (row.setup) await api.setting(O, gid, row.setup);
      await api.seedMessage(gid, O.id);
      const me = { owner: O, admin: A, member: M, outsider: X }[caller];
      const cell: Cell = { gid, O, A, M, T, N, X, me };
      const res = await api.call(row.path, row.body(cell), me);
      expect(res.status, `${caller}: HTTP status`).toBe(200);
      outcomes[caller] = res.body.code;
      if (res.body.code !== 0) expect(res.body.msg, `${caller}: a refusal says why`).toMatch(/\w{3,}/);
      await row.effect?.(cell, res.body.code === 0);
      expect(res.body.code, `${row.name} by ${caller}: ${res.body.msg}`).toBe(row.codes[i]);
    }
    expect(outcomes).toEqual(Object.fromEntries(CALLERS.map((c, i) => [c, row.codes[i]])));
  });

  it('every group endpoint refuses a request without a token (HTTP 401)', async () => {
    const paths = [...new Set(rows.map((r) => r.path)), 'add', 'index', 'joinGroup'];
    for (const p of paths) {
      const res = await s.post(p.startsWith('/') ? p : `/enterprise/group/${p}`, { id: 1 });
      expect(res.status, p).toBe(401);
    }
  });

  it('every group endpoint answers 404 for a group that does not exist', async () => {
    for (const row of rows) {
      const cell: Cell = { gid: 999_999, O, A, M, T, N, X, me: O };
      const res = await api.call(row.path, row.body(cell), O);
      expect(res.body.code, row.name).toBe(404);
      expect(res.body.msg).toBe('This group does not exist.');
    }
  });
});
