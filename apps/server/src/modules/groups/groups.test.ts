import { canSpeakInGroup, errorText, GROUP_QR_VALID_DAYS, GroupRole, groupContactId } from '@parley/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, boundSocket, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { signQr } from '../users/qr.ts';
import { befriendAll, groupApi } from '../../testing/index.ts';

const DAY = 24 * 3600 * 1000;

describe.each(backends)('groups (%s)', (backend) => {
  let s: TestServer;
  let api: ReturnType<typeof groupApi>;
  let call: ReturnType<typeof groupApi>['call'];
  let O: TestUser;
  let A: TestUser;
  let M: TestUser;
  let T: TestUser;
  let N: TestUser;
  let X: TestUser;
  /** never anyone's friend */
  let Z: TestUser;

  beforeAll(async () => {
    s = await startServer(backend);
    api = groupApi(s);
    call = api.call;
    O = await s.user('Olga');
    A = await s.user('Adam');
    M = await s.user('Mia');
    T = await s.user('Tom');
    N = await s.user('Nina');
    X = await s.user('Xavier');
    Z = await s.user('Zed');
    await befriendAll(s, [O, A, M, T, N]);
  });
  afterAll(() => s.close());
  afterEach(() => vi.useRealTimers());

  /** Whether `u` may send in the group now, by the shared protocol rule over what the server stored. */
  async function speaks(gid: number, u: TestUser) {
    const group = await s.built.ctx.groups.group(gid);
    const member = await s.built.ctx.groups.member(gid, u.id);
    if (!group || !member) throw new Error('not a member');
    return canSpeakInGroup(member.role, group.setting, member.muteUntil);
  }

  /** The `extends` of the group's event messages, oldest first. */
  async function eventFacts(gid: number): Promise<Record<string, unknown>[]> {
    const rows = await s.built.ctx.db
      .selectFrom('messages')
      .select('extends')
      .where('conv_key', '=', `g:${gid}`)
      .where('type', '=', 'event')
      .orderBy('msg_id', 'asc')
      .execute();
    return rows.map((r) => JSON.parse(r.extends));
  }

  describe('create', () => {
    it('a creation retried under the same client id (its answer lost) is one group, also when the tries race', async () => {
      const tries = await Promise.all([1, 2, 3].map(() => call('add', { user_ids: [A.id, M.id], name: 'Once', client_id: 'make-1' }, O)));
      expect(tries.map((t) => t.body.code)).toEqual([0, 0, 0]);
      expect(new Set(tries.map((t) => t.body.data.group_id)).size).toBe(1);
      const late = await call('add', { user_ids: [A.id, M.id], name: 'Once', client_id: 'make-1' }, O);
      expect(late.body.data.group_id).toBe(tries[0].body.data.group_id);
      const mine = await s.built.ctx.db.selectFrom('groups').select('id').where('owner_id', '=', O.id).where('name', '=', 'Once').execute();
      expect(mine).toHaveLength(1);
      // another owner's same id is another group
      expect((await call('add', { user_ids: [O.id], name: 'Once', client_id: 'make-1' }, A)).body.data.group_id).not.toBe(late.body.data.group_id);
    });

    it('creates a group of friends in one go: rows, chat rows, addGroup push and the event message', async () => {
      const sockM = await boundSocket(s.wsUrl, M.token);
      const res = await call('add', { user_ids: [A.id, M.id, A.id, O.id] }, O);
      expect(res.body.code).toBe(0);
      const g = res.body.data;
      expect(g).toMatchObject({
        id: `group-${g.group_id}`,
        owner_id: O.id,
        role: GroupRole.OWNER,
        member_count: 3,
        avatar: '',
        notice: '',
        setting: { manage: 1, invite: 1, history: 1, addFriend: 1, nospeak: 0, hideMembers: 0 },
      });
      // default name from the members' nicknames, owner first
      expect(g.name).toBe(`${O.nickname}、${A.nickname}、${M.nickname}`);
      expect(g.avatars.map((t: { user_id: number }) => t.user_id)).toEqual([O.id, A.id, M.id]);
      expect(g.avatars[0]).toEqual({ user_id: O.id, avatar: '', nickname: O.nickname, avatar_color: expect.any(Number) });

      const push = await sockM.next('addGroup');
      expect(push.data).toMatchObject({
        id: g.id,
        displayName: g.name,
        is_group: 1,
        unread: 0,
        is_top: 0,
        is_notice: 1,
        is_at: 0,
        index: '#',
        setting: g.setting,
        lastContent: expect.stringContaining('created the group'),
        last_extends: { event: 'group', action: 'create', by: O.id, by_name: O.nickname, user_ids: [A.id, M.id], names: [A.nickname, M.nickname] },
      });
      sockM.close();

      for (const u of [O, A, M]) expect(await api.conversation(g.group_id, u.id)).toMatchObject({ conv_key: `g:${g.group_id}` });
      expect((await api.member(g.group_id, O.id))?.role).toBe(GroupRole.OWNER);
      expect((await api.member(g.group_id, A.id))).toMatchObject({ role: GroupRole.MEMBER, joined_msg_id: 0 });
      const events = await s.built.ctx.db
        .selectFrom('messages')
        .select(['type', 'content', 'extends'])
        .where('conv_key', '=', `g:${g.group_id}`)
        .execute();
      expect(events).toHaveLength(1);
      expect(events[0].type).toBe('event');
      expect(JSON.parse(events[0].extends)).toEqual({
        event: 'group',
        action: 'create',
        by: O.id,
        by_name: O.nickname,
        user_ids: [A.id, M.id],
        names: [A.nickname, M.nickname],
      });
    });

    it('a long default name is cut to 30 characters; a given name is trimmed', async () => {
      const many = await Promise.all(Array.from({ length: 10 }, () => s.user('Longish')));
      await befriendAll(s, [O, ...many]);
      const res = await call('add', { user_ids: many.map((u) => u.id) }, O);
      expect(res.body.code).toBe(0);
      expect([...res.body.data.name].length).toBeLessThanOrEqual(30);
      expect(res.body.data.name.endsWith('…')).toBe(true);
      // the avatar grid shows nine faces of the eleven
      expect(res.body.data.avatars).toHaveLength(9);
      const named = await call('add', { name: '  Hikers  ', user_ids: [A.id] }, O);
      expect(named.body.data.name).toBe('Hikers');
      // the creator's language joins the default name ("Olga, Ann" in English)
      const english = await call('add', { user_ids: [A.id], name_sep: ', ' }, O);
      expect(english.body.data.name).toBe(`${O.nickname}, ${A.nickname}`);
      expect((await call('add', { user_ids: [A.id], name_sep: 'toolong' }, O)).body.code).toBe(400);
    });

    it('refuses strangers, nobody, unknown users, bad types and long names, writing nothing', async () => {
      const before = (await s.built.ctx.db.selectFrom('groups').select('id').execute()).length;
      const cases: [unknown, number, RegExp][] = [
        [{ user_ids: [Z.id] }, 400, /only add your friends.*Zed/],
        [{ user_ids: [] }, 400, /Pick at least one person/],
        [{ user_ids: [O.id] }, 400, /at least one other person/],
        [{ user_ids: [987654] }, 404, /does not exist/],
        [{ user_ids: [String(A.id)] }, 400, /user ids/],
        [{ user_ids: 'all' }, 400, /user ids/],
        [{}, 400, /user_ids/],
        [{ name: 'x'.repeat(31), user_ids: [A.id] }, 400, /at most 30/],
        [{ name: 42, user_ids: [A.id] }, 400, /./],
        [{ user_ids: Array.from({ length: 10_001 }, (_, i) => i + 1) }, 400, /at most 10,?000/],
      ];
      for (const [body, code, msg] of cases) {
        const res = await call('add', body, O);
        expect(res.status).toBe(200);
        expect(res.body.code, JSON.stringify(body)).toBe(code);
        expect(res.body.msg).toMatch(msg);
      }
      expect((await s.built.ctx.db.selectFrom('groups').select('id').execute()).length).toBe(before);
    });
  });

  describe('rename, notice and live pushes', () => {
    it('editGroupName reaches members live and not outsiders; an empty name is refused', async () => {
      const gid = await api.make(O, [A, M]);
      const [sockM, sockX] = await Promise.all([boundSocket(s.wsUrl, M.token), boundSocket(s.wsUrl, X.token)]);
      expect((await call('editGroupName', { id: gid, displayName: '   ' }, O)).body).toMatchObject({
        code: 400,
        msg: 'Group name cannot be empty',
      });
      expect((await call('editGroupName', { id: gid, displayName: 'y'.repeat(31) }, O)).body.code).toBe(400);
      const ok = await call('editGroupName', { id: `group-${gid}`, displayName: ' Climbers ' }, O);
      expect(ok.body.data).toMatchObject({ group_id: gid, id: `group-${gid}`, displayName: 'Climbers' });
      const push = await sockM.next('editGroupName');
      expect(push.data).toMatchObject({ group_id: gid, id: `group-${gid}`, displayName: 'Climbers' });
      // barrier: a later push to X arrives; the rename frame never came before it
      await befriendAll(s, [O, X]);
      await api.make(O, [X]);
      await sockX.next('addGroup');
      expect(sockX.frames.some((f) => f.type === 'editGroupName')).toBe(false);
      expect((await api.group(gid)).name).toBe('Climbers');
      // the event message tells the members
      const last = await s.built.ctx.db
        .selectFrom('messages')
        .select(['content', 'type', 'extends'])
        .where('conv_key', '=', `g:${gid}`)
        .orderBy('msg_id', 'desc')
        .executeTakeFirstOrThrow();
      expect({ type: last.type, content: last.content }).toEqual({ type: 'event', content: `${O.nickname} renamed the group to Climbers` });
      expect(JSON.parse(last.extends)).toEqual({ event: 'group', action: 'rename', by: O.id, by_name: O.nickname, name: 'Climbers' });
      sockM.close();
      sockX.close();
    });

    it('setNotice stores the time, pushes it and refuses an overlong notice', async () => {
      const gid = await api.make(O, [A, M], [A]);
      const sockM = await boundSocket(s.wsUrl, M.token);
      const res = await call('setNotice', { id: gid, notice: 'Meet at 9' }, A);
      expect(res.body.code).toBe(0);
      const push = await sockM.next('setNotice');
      // a plain text (an old client's) is stored as rich text (spec §9)
      expect(push.data).toEqual({ group_id: gid, id: `group-${gid}`, notice: '<p>Meet at 9</p>', notice_at: res.body.data.notice_at, by: A.id });
      expect((await api.group(gid)).notice_at).toBe(res.body.data.notice_at);
      expect((await call('setNotice', { id: gid, notice: 'n'.repeat(2001) }, O)).body).toMatchObject({
        code: 400,
        msg: 'A group notice can be at most 2000 characters',
      });
      const info = await call('groupInfo', { group_id: gid }, M);
      expect(info.body.data.group).toMatchObject({ notice: '<p>Meet at 9</p>', notice_at: res.body.data.notice_at });
      expect((await call('setNotice', { id: gid, notice: '' }, A)).body.code).toBe(0);
      expect((await eventFacts(gid)).filter((f) => f.action === 'notice')).toEqual([
        { event: 'group', action: 'notice', by: A.id, by_name: A.nickname, cleared: 0 },
        { event: 'group', action: 'notice', by: A.id, by_name: A.nickname, cleared: 1 },
      ]);
      sockM.close();
    });

    it('removeUser reaches the removed member, who loses the chat row; leaving says so too', async () => {
      const gid = await api.make(O, [A, M, T], [A]);
      const [sockT, sockM] = await Promise.all([boundSocket(s.wsUrl, T.token), boundSocket(s.wsUrl, M.token)]);
      expect((await call('removeUser', { id: gid, user_id: T.id }, A)).body.code).toBe(0);
      const toT = await sockT.next('removeUser');
      expect(toT.data).toMatchObject({ group_id: gid, id: `group-${gid}`, user_id: T.id, by: A.id, left: 0, member_count: 3 });
      expect((await sockM.next('removeUser')).data.user_id).toBe(T.id);
      expect(await api.conversation(gid, T.id)).toBeUndefined();
      expect((await call('groupInfo', { group_id: gid }, T)).body.code).toBe(403);

      expect((await call('removeUser', { id: gid, user_id: M.id }, M)).body.code).toBe(0);
      expect((await sockM.next('removeUser')).data).toMatchObject({ user_id: M.id, by: M.id, left: 1 });
      const rows = await s.built.ctx.db.selectFrom('messages').select(['content', 'extends']).where('conv_key', '=', `g:${gid}`).execute();
      const contents = rows.map((r) => r.content);
      expect(contents).toContain(`${A.nickname} removed ${T.nickname} from the group`);
      expect(contents).toContain(`${M.nickname} left the group`);
      const facts = rows.map((r) => JSON.parse(r.extends));
      expect(facts).toContainEqual({
        event: 'group',
        action: 'remove',
        by: A.id,
        by_name: A.nickname,
        user_ids: [T.id],
        names: [T.nickname],
      });
      expect(facts).toContainEqual({ event: 'group', action: 'leave', by: M.id, by_name: M.nickname });
      sockT.close();
      sockM.close();
    });

    it('the owner cannot leave without transferring; after changeOwner the old owner is a plain member and may leave', async () => {
      const gid = await api.make(O, [A, M], [A]);
      expect((await call('removeUser', { id: gid, user_id: O.id }, O)).body).toMatchObject({
        code: 400,
        msg: 'Transfer ownership before leaving, or dissolve the group',
      });
      const sockA = await boundSocket(s.wsUrl, A.token);
      expect((await call('changeOwner', { id: gid, user_id: X.id }, O)).body.code).toBe(404);
      expect((await call('changeOwner', { id: gid, user_id: O.id }, O)).body.code).toBe(400);
      expect((await call('changeOwner', { id: gid, user_id: A.id }, O)).body.code).toBe(0);
      const push = await sockA.next('setManager');
      expect(push.data).toMatchObject({
        group_id: gid,
        owner_id: A.id,
        user_id: A.id,
        role: 1,
        changes: [
          { user_id: A.id, role: 1 },
          { user_id: O.id, role: 3 },
        ],
      });
      expect((await api.group(gid)).owner_id).toBe(A.id);
      expect(await eventFacts(gid)).toContainEqual({
        event: 'group',
        action: 'owner',
        by: O.id,
        by_name: O.nickname,
        user_ids: [A.id],
        names: [A.nickname],
      });
      expect((await api.member(gid, O.id))?.role).toBe(GroupRole.MEMBER);
      // the old owner now has no owner rights
      expect((await call('removeGroup', { id: gid }, O)).body.code).toBe(403);
      expect((await call('removeUser', { id: gid, user_id: O.id }, O)).body.code).toBe(0);
      sockA.close();
    });

    it('setManager pushes the role change; an admin cannot mute or remove another admin', async () => {
      const gid = await api.make(O, [A, M, T], [A]);
      const sockM = await boundSocket(s.wsUrl, M.token);
      expect((await call('setManager', { id: gid, user_id: T.id, role: 2 }, O)).body.code).toBe(0);
      expect((await sockM.next('setManager')).data).toMatchObject({ group_id: gid, user_id: T.id, role: 2 });
      expect((await call('setManager', { id: gid, user_id: T.id, role: 1 }, O)).body.code).toBe(400);
      expect((await call('setNoSpeak', { id: gid, user_id: T.id, minutes: 5 }, A)).body).toMatchObject({
        code: 403,
        msg: expect.stringMatching(/only mute or remove plain members/),
      });
      expect((await call('removeUser', { id: gid, user_id: T.id }, A)).body.code).toBe(403);
      // the owner may mute an admin
      expect((await call('setNoSpeak', { id: gid, user_id: T.id, minutes: 5 }, O)).body.code).toBe(0);
      expect((await call('setManager', { id: gid, user_id: T.id, role: 3 }, O)).body.code).toBe(0);
      expect((await api.member(gid, T.id))?.role).toBe(GroupRole.MEMBER);
      const admins = (await eventFacts(gid)).filter((f) => f.action === 'admin' && String(f.user_ids) === String(T.id));
      const fact = { event: 'group', action: 'admin', by: O.id, by_name: O.nickname, user_ids: [T.id], names: [T.nickname] };
      expect(admins).toEqual([
        { ...fact, role: 2 },
        { ...fact, role: 3 },
      ]);
      sockM.close();
    });

    it('dissolving pushes removeGroup to every former member and the group is gone', async () => {
      const gid = await api.make(O, [A, M]);
      const sockM = await boundSocket(s.wsUrl, M.token);
      expect((await call('removeGroup', { id: gid }, O)).body.code).toBe(0);
      expect((await sockM.next('removeGroup')).data).toMatchObject({ group_id: gid, id: `group-${gid}`, by: O.id });
      expect(await api.conversation(gid, M.id)).toBeUndefined();
      expect((await call('groupInfo', { group_id: gid }, O)).body).toMatchObject({ code: 404, msg: 'This group has been dissolved.' });
      expect((await call('removeGroup', { id: gid }, O)).body.code).toBe(404);
      const mine = await call('index', {}, M);
      expect(mine.body.data.some((g: { group_id: number }) => g.group_id === gid)).toBe(false);
      sockM.close();
    });
  });

  describe('switches', () => {
    it('history off: a late joiner reads only what came after joining; on: the whole history', async () => {
      const gid = await api.make(O, [A]);
      const before = await api.seedMessage(gid, O.id, 'before');
      await api.setting(O, gid, { history: 0 });
      expect((await call('addGroupUser', { id: gid, user_ids: [M.id] }, O)).body.code).toBe(0);
      expect((await api.member(gid, M.id))?.joined_msg_id).toBe(before);
      const read = async (u: TestUser) => {
        const res = await s.post('/enterprise/im/getMessageList', { toContactId: `group-${gid}`, is_group: 1, limit: 100 }, u.token);
        expect(res.body.code, res.body.msg).toBe(0);
        return (res.body.data as { content: string; msg_id: number }[]).map((m) => m.content);
      };
      const seenByM = await read(M);
      expect(seenByM).not.toContain('before');
      expect(seenByM.some((c) => c.includes('invited'))).toBe(true);
      expect((await eventFacts(gid)).at(-1)).toEqual({
        event: 'group',
        action: 'invite',
        by: O.id,
        by_name: O.nickname,
        user_ids: [M.id],
        names: [M.nickname],
      });
      expect(await read(A)).toContain('before');
      // the switch is read live: turned on, the late joiner sees the older messages too
      await api.setting(O, gid, { history: 1 });
      expect(await read(M)).toContain('before');
    });

    it('addGroupUser pushes addGroup to the new member and addGroupUser to the others; re-adding is a no-op', async () => {
      const gid = await api.make(O, [A]);
      const [sockA, sockN] = await Promise.all([boundSocket(s.wsUrl, A.token), boundSocket(s.wsUrl, N.token)]);
      const res = await call('addGroupUser', { id: gid, user_ids: [N.id] }, A);
      expect(res.body.data).toMatchObject({ group_id: gid, member_count: 3, added: [{ user_id: N.id, nickname: N.nickname }] });
      expect((await sockN.next('addGroup')).data).toMatchObject({ id: `group-${gid}`, is_group: 1 });
      expect((await sockA.next('addGroupUser')).data).toMatchObject({
        group_id: gid,
        by: A.id,
        member_count: 3,
        users: [{ user_id: N.id, role: 3 }],
      });
      expect(await api.conversation(gid, N.id)).toBeDefined();
      const again = await call('addGroupUser', { id: gid, user_ids: [N.id] }, A);
      expect(again.body).toMatchObject({ code: 0, msg: 'Everyone you picked is already in this group.', data: { added: [] } });
      expect((await call('addGroupUser', { id: gid, user_ids: [Z.id] }, O)).body).toMatchObject({
        code: 400,
        msg: expect.stringMatching(/not your friend/),
      });
      sockA.close();
      sockN.close();
    });

    it('addFriend: the member list says who I may add; off, only the owner and admins may', async () => {
      const gid = await api.make(O, [A, M, T], [A]);
      await s.built.ctx.db.deleteFrom('friends').where('user_id', 'in', [M.id, T.id]).where('friend_id', 'in', [M.id, T.id]).execute();
      const canAdd = async (viewer: TestUser, target: TestUser) => {
        const res = await call('groupUserList', { group_id: gid }, viewer);
        return res.body.data.find((m: { user_id: number }) => m.user_id === target.id).can_add_friend;
      };
      expect(await canAdd(M, T)).toBe(1);
      expect(await canAdd(M, O)).toBe(0); // already friends
      expect(await canAdd(M, M)).toBe(0); // myself
      await api.setting(O, gid, { addFriend: 0 });
      expect(await canAdd(M, T)).toBe(0);
      const canAddFriendViaGroup = (_: unknown, gid: number, from: number, to: number) =>
        s.built.ctx.groups.mayAddFriendVia(gid, from, to);
      expect(await canAddFriendViaGroup(s.built.ctx, gid, M.id, T.id)).toBe(false);
      expect(await canAddFriendViaGroup(s.built.ctx, gid, A.id, T.id)).toBe(true);
      expect(await canAddFriendViaGroup(s.built.ctx, gid, X.id, T.id)).toBe(false);
      const viaGroup = (from: TestUser) => s.post('/enterprise/friend/add', { user_id: T.id, group_id: gid }, from.token);
      expect((await viaGroup(M)).body).toMatchObject({ code: 403, msg: expect.stringMatching(/does not allow adding members/) });
      await api.setting(O, gid, { addFriend: 1 });
      expect(await canAddFriendViaGroup(s.built.ctx, gid, M.id, T.id)).toBe(true);
      expect((await viaGroup(M)).body.code).toBe(0);
      await befriendAll(s, [M, T]);
    });

    it('mute all (1) leaves owner and admins speaking; only-owner (2) silences admins too', async () => {
      const gid = await api.make(O, [A, M], [A]);
      const sockM = await boundSocket(s.wsUrl, M.token);
      const send = (u: TestUser, text: string) =>
        s.post(
          '/enterprise/im/sendMessage',
          { id: `m-${Math.random().toString(36).slice(2)}`, toContactId: `group-${gid}`, is_group: 1, type: 'text', content: text },
          u.token,
        );
      await api.setting(A, gid, { nospeak: 1 });
      expect((await sockM.next('groupSetting')).data).toMatchObject({ group_id: gid, setting: { nospeak: 1 } });
      expect(await speaks(gid, M)).toEqual({ ok: false, reason: 'muteAll' });
      expect((await send(M, 'hi')).body).toMatchObject({ code: 403, msg: errorText('messages.muteAll') });
      expect((await send(A, 'admin speaks')).body.code).toBe(0);
      expect((await send(O, 'owner speaks')).body.code).toBe(0);
      await api.setting(O, gid, { nospeak: 2 });
      expect(await speaks(gid, A)).toEqual({ ok: false, reason: 'ownerOnly' });
      expect((await send(A, 'hi')).body).toMatchObject({ code: 403, msg: errorText('messages.ownerOnly') });
      expect((await send(O, 'still me')).body.code).toBe(0);
      await api.setting(O, gid, { nospeak: 0 });
      expect((await speaks(gid, M)).ok).toBe(true);
      expect((await send(M, 'free again')).body.code).toBe(0);
      const contents = (
        await s.built.ctx.db.selectFrom('messages').select('content').where('conv_key', '=', `g:${gid}`).execute()
      ).map((r) => r.content);
      expect(contents).toContain(`${A.nickname} turned on mute all: only the owner and admins can speak`);
      expect(contents).toContain(`${O.nickname} turned off mute all`);
      expect(contents).not.toContain('hi');
      expect((await eventFacts(gid)).filter((f) => f.action === 'nospeak')).toEqual([
        { event: 'group', action: 'nospeak', by: A.id, by_name: A.nickname, nospeak: 1 },
        { event: 'group', action: 'nospeak', by: O.id, by_name: O.nickname, nospeak: 2 },
        { event: 'group', action: 'nospeak', by: O.id, by_name: O.nickname, nospeak: 0 },
      ]);
      sockM.close();
    });

    it('hideMembers: plain members see the name and notice only; the owner and admins see all', async () => {
      const gid = await api.make(O, [A, M], [A]);
      await api.setting(O, gid, { hideMembers: 1 });
      const asMember = await call('groupInfo', { group_id: gid }, M);
      expect(asMember.body.data.group).toMatchObject({ name: 'Team', member_count: null, members_hidden: 1 });
      expect(asMember.body.data.members).toEqual([]);
      expect((await call('groupUserList', { group_id: gid }, M)).body).toMatchObject({
        code: 403,
        msg: 'The group owner has hidden the member list of this group.',
      });
      expect((await call('getAllUser', { id: gid }, M)).body.data).toMatchObject({ list: [], canAtAll: false });
      const mine = await call('index', {}, M);
      expect(mine.body.data.find((g: { group_id: number }) => g.group_id === gid).member_count).toBeNull();
      const asAdmin = await call('groupInfo', { group_id: gid }, A);
      expect(asAdmin.body.data.group).toMatchObject({ member_count: 3, members_hidden: 0 });
      expect(asAdmin.body.data.members).toHaveLength(3);
      expect((await call('groupUserList', { group_id: gid }, A)).body.count).toBe(3);
    });

    it('groupSetting refuses unknown keys, bad values and an empty change', async () => {
      const gid = await api.make(O, [A]);
      for (const setting of [{}, { foo: 1 }, { nospeak: 3 }, { invite: 'yes' }, null]) {
        const res = await call('groupSetting', { id: gid, setting }, O);
        expect(res.body.code, JSON.stringify(setting)).toBe(400);
      }
      expect(JSON.parse((await api.group(gid)).setting)).toMatchObject({ nospeak: 0, invite: 1 });
    });
  });

  describe('mutes', () => {
    it('a member mute holds until its time, then expires by itself', async () => {
      const gid = await api.make(O, [A, M], [A]);
      const sockM = await boundSocket(s.wsUrl, M.token);
      const res = await call('setNoSpeak', { id: gid, user_id: M.id, minutes: 10 }, A);
      expect(res.body.code).toBe(0);
      const until = res.body.data.mute_until;
      expect(until).toBeGreaterThan(Date.now() + 9 * 60_000);
      expect((await sockM.next('setNoSpeak')).data).toEqual({ group_id: gid, id: `group-${gid}`, user_id: M.id, mute_until: until });
      expect(await speaks(gid, M)).toEqual({ ok: false, reason: 'memberMuted', until });
      expect((await call('groupInfo', { group_id: gid }, M)).body.data.group.mute_until).toBe(until);
      const send = () =>
        s.post(
          '/enterprise/im/sendMessage',
          { id: `m-${Math.random().toString(36).slice(2)}`, toContactId: `group-${gid}`, is_group: 1, type: 'text', content: 'x' },
          M.token,
        );
      const refused = await send();
      expect(refused.body.code).toBe(403);
      expect(refused.body.key).toBe('messages.memberMuted');
      sockM.close();

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(until - 1);
      expect((await speaks(gid, M)).ok).toBe(false);
      vi.setSystemTime(until);
      expect((await speaks(gid, M)).ok).toBe(true);
      const list = await call('groupUserList', { group_id: gid }, O);
      expect(list.body.data.find((m: { user_id: number }) => m.user_id === M.id).mute_until).toBe(0);
      expect((await call('groupInfo', { group_id: gid }, M)).body.data.group.mute_until).toBe(0);
      expect((await send()).body.code).toBe(0);
    });

    it('until (ms) and 0 unmute; a past time, over 30 days, both or neither are refused', async () => {
      const gid = await api.make(O, [M]);
      const soon = Date.now() + 3_600_000;
      expect((await call('setNoSpeak', { id: gid, user_id: M.id, until: soon }, O)).body.data.mute_until).toBe(soon);
      expect((await api.member(gid, M.id))?.mute_until).toBe(soon);
      const refusals: [Record<string, unknown>, RegExp][] = [
        [{ until: Date.now() - 1000 }, /future/],
        [{ until: Date.now() + 31 * DAY }, /at most 30 days/],
        [{ minutes: 31 * 24 * 60 }, /at most 30 days/],
        [{ minutes: 5, until: soon }, /Say how long/],
        [{}, /Say how long/],
        [{ minutes: '5' }, /Say how long/],
        [{ minutes: -1 }, /Say how long/],
      ];
      for (const [extra, msg] of refusals) {
        const res = await call('setNoSpeak', { id: gid, user_id: M.id, ...extra }, O);
        expect(res.body.code, JSON.stringify(extra)).toBe(400);
        expect(res.body.msg).toMatch(msg);
      }
      expect((await api.member(gid, M.id))?.mute_until).toBe(soon);
      expect((await call('setNoSpeak', { id: gid, user_id: M.id, minutes: 30 * 24 * 60 }, O)).body.code).toBe(0);
      expect((await call('setNoSpeak', { id: gid, user_id: M.id, until: 0 }, O)).body.data.mute_until).toBe(0);
      expect((await speaks(gid, M)).ok).toBe(true);
      expect((await call('setNoSpeak', { id: gid, user_id: X.id, minutes: 5 }, O)).body.code).toBe(404);
    });
  });

  describe('QR codes and joining', () => {
    it('a group QR is valid 7 days; scanning it joins once', async () => {
      const gid = await api.make(O, [A]);
      const qr = await call('groupQrcode', { id: gid }, A);
      expect(qr.body.code).toBe(0);
      expect(qr.body.data.text).toMatch(/^parley:\/\/g\//);
      expect(Math.abs(qr.body.data.expires_at - (Date.now() + GROUP_QR_VALID_DAYS * DAY))).toBeLessThan(5_000);
      const sockA = await boundSocket(s.wsUrl, A.token);
      const join = await call('joinGroup', { qrcode: qr.body.data.text }, X);
      expect(join.body).toMatchObject({ code: 0, data: { group_id: gid, joined: 1, role: 3 } });
      expect((await eventFacts(gid)).at(-1)).toEqual({ event: 'group', action: 'join', via: 'qrcode', by: X.id, by_name: X.nickname });
      expect((await sockA.next('addGroupUser')).data.users).toMatchObject([{ user_id: X.id }]);
      expect(await api.conversation(gid, X.id)).toBeDefined();
      const again = await call('joinGroup', { code: qr.body.data.text, group_id: gid }, X);
      expect(again.body).toMatchObject({ code: 0, data: { joined: 0 } });
      const rows = await s.built.ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', gid).execute();
      expect(rows.filter((r) => r.user_id === X.id)).toHaveLength(1);
      sockA.close();
    });

    it('refuses expired, forged, malformed, user and mismatched codes, and dissolved groups', async () => {
      const gid = await api.make(O, [A]);
      const secret = s.built.ctx.secret;
      const expired = signQr(secret, 'g', gid, 60, Date.now() - 8 * DAY).text;
      expect((await call('joinGroup', { qrcode: expired }, X)).body).toMatchObject({ code: 400, msg: 'This group QR code has expired' });
      const good = signQr(secret, 'g', gid, 3600).text;
      const otherGroup = good.replace(`g/${gid}?`, `g/${gid + 1}?`);
      const badSig = good.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
      const foreign = signQr('not-the-secret', 'g', gid, 3600).text;
      for (const text of [otherGroup, badSig, foreign, 'hello', 'parley://g/1']) {
        const res = await call('joinGroup', { qrcode: text }, X);
        expect(res.body, text).toMatchObject({ code: 400, msg: 'This QR code is not valid' });
      }
      expect((await call('joinGroup', { qrcode: good, group_id: gid + 1 }, X)).body.msg).toBe('This QR code is not valid');
      const userCard = signQr(secret, 'u', O.id, 3600).text;
      expect((await call('joinGroup', { qrcode: userCard }, X)).body).toMatchObject({ code: 400, msg: 'This is not a group QR code' });
      expect((await call('joinGroup', {}, X)).body.code).toBe(400);
      expect((await call('joinGroup', { qrcode: 12 }, X)).body.code).toBe(400);
      expect(await api.member(gid, X.id)).toBeUndefined();
      await call('removeGroup', { id: gid }, O);
      expect((await call('joinGroup', { qrcode: good }, X)).body).toMatchObject({ code: 404, msg: 'This group has been dissolved.' });
    });

    it('invites off: a member-made code stops working, an owner- or admin-made code still joins', async () => {
      const gid = await api.make(O, [A, M], [A]);
      const memberCode = (await call('groupQrcode', { id: gid }, M)).body.data.text;
      const adminCode = (await call('groupQrcode', { id: gid }, A)).body.data.text;
      await api.setting(O, gid, { invite: 0 });
      expect((await call('groupQrcode', { id: gid }, M)).body.code).toBe(403);
      expect((await call('joinGroup', { qrcode: memberCode }, X)).body).toMatchObject({
        code: 403,
        msg: expect.stringMatching(/Invitations are turned off/),
      });
      expect(await api.member(gid, X.id)).toBeUndefined();
      expect((await call('joinGroup', { qrcode: adminCode }, X)).body.data.joined).toBe(1);
      await api.setting(O, gid, { invite: 1 });
      expect((await call('joinGroup', { qrcode: memberCode }, N)).body.data.joined).toBe(1);
    });

    it('bindGroup answers ok for members on both paths and refuses others', async () => {
      const gid = await api.make(O, [A]);
      for (const p of ['/common/pub/bindGroup', '/common/index/bindGroup']) {
        expect((await call(p, { client_id: 'c1', group_id: gid }, A)).body.data).toEqual({
          group_id: gid,
          id: `group-${gid}`,
          client_id: 'c1',
        });
        expect((await call(p, { client_id: 'c1', group_id: gid }, X)).body.code).toBe(403);
        expect((await call(p, { group_id: gid }, A)).body.code).toBe(400);
      }
    });
  });

  describe('reading', () => {
    it('groupInfo and groupUserList: roles, remarks, friends, permissions', async () => {
      const gid = await api.make(O, [A, M], [A]);
      await s.built.ctx.db
        .updateTable('friends')
        .set({ nickname: 'My Adam' })
        .where('user_id', '=', M.id)
        .where('friend_id', '=', A.id)
        .execute();
      const info = await call('groupInfo', { group_id: gid }, M);
      expect(info.body.data.group).toMatchObject({
        group_id: gid,
        role: 3,
        member_count: 3,
        owner_id: O.id,
        is_top: 0,
        is_notice: 1,
        mute_until: 0,
        permissions: { rename: false, invite: true, setting: false, moderate: 'none', leave: true, atAll: false },
      });
      expect(info.body.data.members.map((m: { user_id: number; role: number }) => [m.user_id, m.role])).toEqual([
        [O.id, 1],
        [A.id, 2],
        [M.id, 3],
      ]);
      const list = await call('groupUserList', { group_id: gid }, M);
      expect(list.body.count).toBe(3);
      expect(list.body.data.find((m: { user_id: number }) => m.user_id === A.id)).toMatchObject({
        nickname: 'My Adam',
        is_friend: 1,
        role: 2,
        avatar_color: expect.any(Number),
      });
      const ownerInfo = await call('groupInfo', { id: `group-${gid}` }, O);
      expect(ownerInfo.body.data.group.permissions).toMatchObject({ dissolve: true, ownerSetting: true, moderate: 'all', leave: false });
    });

    it('getAllUser lists the others for @mentions; only owner and admins may mention everyone', async () => {
      const gid = await api.make(O, [A, M], [A]);
      const asM = await call('getAllUser', { id: gid }, M);
      expect(asM.body.data.canAtAll).toBe(false);
      expect(asM.body.data.list.map((u: { user_id: number }) => u.user_id).sort()).toEqual([O.id, A.id].sort());
      expect((await call('getAllUser', { group_id: `group-${gid}` }, A)).body.data.canAtAll).toBe(true);
      const friends = await call('getAllUser', {}, M);
      expect(friends.body.data.canAtAll).toBe(false);
      expect(friends.body.data.list.map((u: { user_id: number }) => u.user_id)).toContain(O.id);
    });

    it('index lists my groups with avatars, counts and my role', async () => {
      const fresh = await s.user('Fresh');
      await befriendAll(s, [O, fresh]);
      const gid = await api.make(O, [fresh], [], 'Alpha');
      const res = await call('index', {}, fresh);
      expect(res.body.count).toBe(1);
      expect(res.body.data).toEqual([
        expect.objectContaining({ id: `group-${gid}`, group_id: gid, name: 'Alpha', member_count: 2, role: 3, owner_id: O.id }),
      ]);
      expect(res.body.data[0].avatars).toHaveLength(2);
    });

    it('clearMessage clears for me, or for everyone when the owner asks, and tells the clients', async () => {
      const gid = await api.make(O, [A, M]);
      const first = await api.seedMessage(gid, O.id);
      const sockM = await boundSocket(s.wsUrl, M.token);
      const mine = await call('clearMessage', { id: gid }, M);
      expect(mine.body.data).toEqual({ group_id: gid, id: `group-${gid}`, cleared_msg_id: first, all: 0 });
      expect((await sockM.next('clearMessage')).data.all).toBe(0);
      expect((await api.conversation(gid, M.id))?.cleared_msg_id).toBe(first);
      expect((await api.conversation(gid, A.id))?.cleared_msg_id).toBe(0);
      const second = await api.seedMessage(gid, A.id);
      expect((await call('clearMessage', { id: gid, all: 1 }, O)).body.data.cleared_msg_id).toBe(second);
      expect((await sockM.next('clearMessage')).data).toMatchObject({ all: 1, cleared_msg_id: second });
      for (const u of [O, A, M]) expect((await api.conversation(gid, u.id))?.cleared_msg_id).toBe(second);
      expect((await call('clearMessage', { id: gid, all: 2 }, O)).body.code).toBe(400);
      sockM.close();
    });
  });

  describe('bad input', () => {
    it('wrong types and unknown ids are refused with a clear message, never a 500', async () => {
      const gid = await api.make(O, [A]);
      const cases: [string, unknown][] = [
        ['groupInfo', { group_id: 'abc' }],
        ['groupInfo', { group_id: -1 }],
        ['groupInfo', { group_id: 1.5 }],
        ['groupInfo', { group_id: 'group-0' }],
        ['groupInfo', { group_id: 1e20 }],
        ['groupInfo', {}],
        ['groupUserList', { group_id: [gid] }],
        ['editGroupName', { id: gid }],
        ['editGroupName', { id: gid, displayName: 5 }],
        ['setNotice', { id: gid, notice: null }],
        ['changeOwner', { id: gid, user_id: String(A.id) }],
        ['setManager', { id: gid, user_id: A.id, role: 1 }],
        ['setManager', { id: gid, user_id: A.id, role: '2' }],
        ['removeUser', { id: gid, user_id: 'me' }],
        ['addGroupUser', { id: gid, user_ids: [A.id, 'x'] }],
        ['removeGroup', { id: { $gt: 0 } }],
        ['joinGroup', { qrcode: 'x'.repeat(5000) }],
      ];
      for (const [path, body] of cases) {
        const res = await call(path, body, O);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(200);
        expect(res.body.code, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.msg.length).toBeGreaterThan(5);
      }
      const notJson = await s.raw('/enterprise/group/groupInfo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: O.token },
        body: '{"group_id":',
      });
      expect((await notJson.json()).code).toBe(400);
      expect((await call('removeUser', { id: gid, user_id: 123456 }, O)).body.code).toBe(404);
      expect((await call('groupInfo', { group_id: groupContactId(gid) }, O)).body.code).toBe(0);
    });
  });
});
