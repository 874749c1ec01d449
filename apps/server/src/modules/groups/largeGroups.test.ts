import { groupContactId } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, befriendAll, groupApi, seedGroup, seedUsers, send } from '../../testing/index.ts';
import { backends, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { localBus } from '../../realtime/bus.ts';
import { groupMembership } from './membership.ts';

/** Groups near the `groupMaxMembers` setting (default 2,000): the limit, and a cache that never answers stale. */
describe.each(backends)('large groups (%s)', (backend) => {
  let s: TestServer;
  let api: ReturnType<typeof groupApi>;
  let owner: TestUser;
  let newcomer: TestUser;
  let gid: number;

  beforeAll(async () => {
    s = await startServer(backend);
    api = groupApi(s);
    owner = await s.user('Owner');
    newcomer = await s.user('Newcomer');
    await befriend(s.built.ctx.db, owner.id, newcomer.id);
    // the owner and 1,999 seeded members: exactly the default limit
    const members = await seedUsers(s.built.ctx.db, 1999);
    gid = await seedGroup(s.built.ctx.db, owner.id, members);
  }, 120_000);
  afterAll(() => s.close());

  it('a 2,001st member is refused under the default setting and let in once the setting is raised', async () => {
    const refused = await api.call('addGroupUser', { id: gid, user_ids: [newcomer.id] }, owner);
    expect(refused.body).toMatchObject({ code: 400, key: 'groups.tooMany', params: { max: 2000 } });
    expect(await api.member(gid, newcomer.id)).toBeUndefined();

    await s.built.system.set('groupMaxMembers', '2001');
    const added = await api.call('addGroupUser', { id: gid, user_ids: [newcomer.id] }, owner);
    expect(added.body.code).toBe(0);
    expect(added.body.data.member_count).toBe(2001);
    expect(await api.member(gid, newcomer.id)).toBeDefined();
    await s.built.system.set('groupMaxMembers', '2000');
  });

  it('the member list pages through every member once, in order, and searches by name; a stranger is refused', async () => {
    const seen: number[] = [];
    let count = 0;
    for (let offset = 0; ; offset += 200) {
      const page = await api.call('groupUserList', { id: gid, offset, limit: 200 }, owner);
      expect(page.body.code).toBe(0);
      count = page.body.count ?? 0;
      seen.push(...page.body.data.map((m: { user_id: number }) => m.user_id));
      if (page.body.data.length < 200) break;
    }
    expect(count).toBe(2001);
    expect(seen).toHaveLength(2001);
    expect(new Set(seen).size).toBe(2001);
    expect(seen[0]).toBe(owner.id);

    const found = await api.call('groupUserList', { id: gid, keyword: 'member 199', limit: 50 }, owner);
    expect(found.body.count).toBe(10); // seeded members are Member 0 … Member 1998
    expect(found.body.data.map((m: { nickname: string }) => m.nickname).sort()).toEqual(
      ['Member 199', ...Array.from({ length: 9 }, (_, i) => `Member ${1990 + i}`)].sort(),
    );
    expect((await api.call('groupUserList', { id: gid, limit: 201 }, owner)).body.code).toBe(400);
    const stranger = await s.user('Stranger');
    expect((await api.call('groupUserList', { id: gid, limit: 20 }, stranger)).body.code).toBe(403);
  });

  it('a search matches the remark I gave a member (the name my list shows), never another viewer\'s remark', async () => {
    const search = (keyword: string, as: TestUser) => api.call('groupUserList', { id: gid, keyword, limit: 20 }, as);
    const [target] = (await search('member 1234', owner)).body.data as { user_id: number }[];
    await befriend(s.built.ctx.db, owner.id, target.user_id);
    await s.built.ctx.db
      .updateTable('friends')
      .set({ nickname: 'Quartermaster' })
      .where('user_id', '=', owner.id)
      .where('friend_id', '=', target.user_id)
      .execute();

    const mine = await search('QUARTER', owner);
    expect(mine.body.count).toBe(1);
    expect(mine.body.data).toMatchObject([{ user_id: target.user_id, nickname: 'Quartermaster' }]);
    // the name still finds them, shown by my remark
    expect((await search('member 1234', owner)).body.data).toMatchObject([{ user_id: target.user_id, nickname: 'Quartermaster' }]);
    // the newcomer (a member too) has no such remark
    expect((await search('quarter', newcomer)).body.count).toBe(0);
    // LIKE wildcards are plain characters
    expect((await search('%', owner)).body.count).toBe(0);
    expect((await search('member_1', owner)).body.count).toBe(0);
  });

  it('the setting accepts whole numbers up to 10,000 only', async () => {
    await expect(s.built.system.set('groupMaxMembers', '10001')).rejects.toThrow(/groupMaxMembers/);
    await expect(s.built.system.set('groupMaxMembers', 'many')).rejects.toThrow(/groupMaxMembers/);
    expect((await s.built.system.sysInfo()).groupMaxMembers).toBe(2000);
  });

  it('a mute, an unmute and a role change take effect on the very next send', async () => {
    const [a, b] = [await s.user('Alice'), await s.user('Bob')];
    await befriendAll(s, [owner, a, b]);
    const small = await api.make(owner, [a, b]);
    const sendTo = (u: TestUser) => send(s, u.token, { toContactId: groupContactId(small), is_group: 1, content: 'hi' });
    // a send first, so the member set is cached before each change
    expect((await sendTo(a)).body.code).toBe(0);
    expect((await api.call('setNoSpeak', { id: small, user_id: a.id, minutes: 60 }, owner)).body.code).toBe(0);
    expect((await sendTo(a)).body.code).not.toBe(0);
    expect((await api.call('setNoSpeak', { id: small, user_id: a.id, minutes: 0 }, owner)).body.code).toBe(0);
    expect((await sendTo(a)).body.code).toBe(0);

    // admins only: a member made admin may speak at once, and is silenced again at once when demoted
    expect((await api.call('groupSetting', { id: small, setting: { nospeak: 1 } }, owner)).body.code).toBe(0);
    expect((await sendTo(b)).body.code).not.toBe(0);
    expect((await api.call('setManager', { id: small, user_id: b.id, role: 2 }, owner)).body.code).toBe(0);
    expect((await sendTo(b)).body.code).toBe(0);
    expect((await api.call('setManager', { id: small, user_id: b.id, role: 3 }, owner)).body.code).toBe(0);
    expect((await sendTo(b)).body.code).not.toBe(0);
  });

  it("one node's member change drops every node's cached member set (through the bus)", async () => {
    const bus = localBus();
    const [nodeA, nodeB] = [groupMembership(s.built.ctx.db, bus), groupMembership(s.built.ctx.db, bus)];
    const before = await nodeA.memberIds(gid);
    const late = await s.user('Late');
    await s.built.ctx.db
      .insertInto('group_members')
      .values({ group_id: gid, user_id: late.id, role: 3, joined_at: Date.now(), joined_msg_id: 0, mute_until: 0 })
      .execute();
    expect(await nodeA.memberIds(gid)).toEqual(before); // cached
    nodeB.invalidate(gid);
    expect(await nodeA.memberIds(gid)).toContain(late.id);
  });

  it('a burst of member-set reads reads the member set once, and a change during that read is not answered from it', async () => {
    let reads = 0;
    const counting = s.built.ctx.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode') reads++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const node = groupMembership(counting);
    const answers = await Promise.all(Array.from({ length: 50 }, () => node.memberIds(gid)));
    expect(answers.every((ids) => ids.includes(owner.id))).toBe(true);
    expect(reads).toBe(1);

    node.invalidate(gid);
    reads = 0;
    const first = node.memberIds(gid);
    node.invalidate(gid); // a change lands while that read runs
    await first;
    await node.memberIds(gid);
    expect(reads).toBe(2);
  });

  it('a reread that finds the same members answers the same array (the hub keeps its sockets for it), and a new array once they change', async () => {
    const node = groupMembership(s.built.ctx.db, undefined, 0); // every call rereads
    const first = await node.memberIds(gid);
    const again = await node.memberIds(gid);
    expect(again).toBe(first);
    const later = await s.user('Later');
    await s.built.ctx.db
      .insertInto('group_members')
      .values({ group_id: gid, user_id: later.id, role: 3, joined_at: Date.now(), joined_msg_id: 0, mute_until: 0 })
      .execute();
    const changed = await node.memberIds(gid);
    expect(changed).not.toBe(first);
    expect(changed).toContain(later.id);
    expect(first).not.toContain(later.id);
  });

  it('addGroupUser adds 1,500 friends in one call', async () => {
    const host = await s.user('Host');
    const friends = await seedUsers(s.built.ctx.db, 1500, 'friend');
    await s.built.ctx.db
      .insertInto('friends')
      .values(friends.flatMap((f) => [
        { user_id: host.id, friend_id: f, nickname: '', created_at: Date.now() },
        { user_id: f, friend_id: host.id, nickname: '', created_at: Date.now() },
      ]),
      )
      .execute();
    const small = await seedGroup(s.built.ctx.db, host.id, []);
    const added = await api.call('addGroupUser', { id: small, user_ids: friends }, host);
    expect(added.body.code).toBe(0);
    expect(added.body.data.member_count).toBe(1501);
    expect((await api.call('groupUserList', { id: small, limit: 1 }, host)).body.count).toBe(1501);
  }, 60_000);
});
