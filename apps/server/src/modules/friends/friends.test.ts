import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, boundSocket, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';

describe.each(backends)('friends (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(() => s.close());

  const db = () => s.built.ctx.db;

  async function requestRows(a: number, b: number) {
    return db()
      .selectFrom('friend_requests')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('from_user', '=', a), eb('to_user', '=', b)]),
          eb.and([eb('from_user', '=', b), eb('to_user', '=', a)]),
        ]),
      )
      .execute();
  }
  async function friendRows(a: number, b: number) {
    return db()
      .selectFrom('friends')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]),
          eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)]),
        ]),
      )
      .execute();
  }
  async function convRows(a: number, b: number) {
    return db()
      .selectFrom('conversations')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', a), eb('contact_id', '=', String(b))]),
          eb.and([eb('user_id', '=', b), eb('contact_id', '=', String(a))]),
        ]),
      )
      .execute();
  }
  /** Makes two users friends through the API. */
  async function befriend(a: TestUser, b: TestUser) {
    const add = await s.post('/enterprise/friend/add', { user_id: b.id }, a.token);
    expect(add.body.code).toBe(0);
    const ok = await s.post('/enterprise/friend/update', { friend_id: add.body.data.id, status: 1 }, b.token);
    expect(ok.body.code).toBe(0);
  }

  it('runs the lifecycle: request, push, lists, agree, contacts, remark name, delete', async () => {
    const a = await s.user('Alice');
    const b = await s.user('Bob');
    const sa = await boundSocket(s.wsUrl, a.token);
    const sb = await boundSocket(s.wsUrl, b.token);

    const add = await s.post('/enterprise/friend/add', { user_id: b.id, remark: 'Hi, it is Alice' }, a.token);
    expect(add.body).toMatchObject({ code: 0, msg: 'Friend request sent.', data: { status: 0 } });
    const requestId = add.body.data.id;

    const pushed = await sb.next('friendRequest');
    expect(pushed.data).toMatchObject({
      id: requestId,
      remark: 'Hi, it is Alice',
      count: 1,
      from: { user_id: a.id, nickname: a.nickname, account: a.account },
    });
    expect(pushed.data.from).not.toHaveProperty('email');
    expect(pushed.data.from).not.toHaveProperty('invite_code');

    const received = await s.post('/enterprise/friend/index', { type: 'received' }, b.token);
    expect(received.body.code).toBe(0);
    expect(received.body.count).toBe(1);
    expect(received.body.data).toHaveLength(1);
    expect(received.body.data[0]).toMatchObject({
      id: requestId,
      direction: 'received',
      status: 0,
      remark: 'Hi, it is Alice',
      from_user: a.id,
      to_user: b.id,
      user: { user_id: a.id, nickname: a.nickname },
    });
    const sent = await s.post('/enterprise/friend/index', { type: 'sent' }, a.token);
    expect(sent.body.data).toHaveLength(1);
    expect(sent.body.data[0]).toMatchObject({ id: requestId, direction: 'sent', status: 0, user: { user_id: b.id } });
    expect(sent.body.count).toBe(0);
    expect((await s.post('/enterprise/friend/index', { type: 'received' }, a.token)).body.data).toHaveLength(0);

    const agree = await s.post('/enterprise/friend/update', { friend_id: requestId, status: 1 }, b.token);
    expect(agree.body).toMatchObject({ code: 0, data: { id: requestId, status: 1, direction: 'received' } });

    const toA = await sa.next('appendContact');
    const toB = await sb.next('appendContact');
    expect(toA.data).toMatchObject({ id: b.id, displayName: b.nickname, is_group: 0, unread: 0, is_top: 0, is_online: 1, index: 'B' });
    expect(toB.data).toMatchObject({ id: a.id, displayName: a.nickname, is_group: 0, is_online: 1, index: 'A' });
    expect(typeof toA.data.lastSendTime).toBe('number');

    // The event message opens the chat on both sides.
    for (const sock of [sa, sb]) {
      expect((await sock.next('simple')).data).toMatchObject({
        type: 'event',
        content: 'You are now friends',
        is_group: 0,
        extends: { event: 'friendAdded' },
      });
    }
    const lo0 = Math.min(a.id, b.id);
    const events = await db().selectFrom('messages').selectAll().where('conv_key', '=', `p:${lo0}:${Math.max(a.id, b.id)}`).execute();
    expect(events).toEqual([expect.objectContaining({ type: 'event', from_user: b.id, to_contact: String(a.id) })]);
    expect(JSON.parse(events[0].extends)).toEqual({ event: 'friendAdded' });

    expect(await friendRows(a.id, b.id)).toHaveLength(2);
    const convs = await convRows(a.id, b.id);
    expect(convs).toHaveLength(2);
    const lo = Math.min(a.id, b.id);
    const hi = Math.max(a.id, b.id);
    for (const c of convs) expect(c.conv_key).toBe(`p:${lo}:${hi}`);
    expect((await s.post('/enterprise/friend/index', { type: 'received' }, b.token)).body.count).toBe(0);

    const listA = await s.post('/enterprise/friend/list', {}, a.token);
    expect(listA.body.data).toEqual([
      expect.objectContaining({ user_id: b.id, displayName: b.nickname, remark: '', index: 'B', is_online: 1 }),
    ]);

    const nick = await s.post('/enterprise/friend/setNickname', { id: b.id, nickname: 'Zed the builder' }, a.token);
    expect(nick.body).toMatchObject({ code: 0, data: { user_id: b.id, displayName: 'Zed the builder' } });
    const listA2 = await s.post('/enterprise/friend/list', {}, a.token);
    expect(listA2.body.data[0]).toMatchObject({ displayName: 'Zed the builder', nickname: b.nickname, remark: 'Zed the builder', index: 'Z' });
    // The remark name is the owner's only: B still sees A's nickname.
    expect((await s.post('/enterprise/friend/list', {}, b.token)).body.data[0]).toMatchObject({ displayName: a.nickname, remark: '' });
    // Clearing the remark name falls back to the nickname.
    await s.post('/enterprise/friend/setNickname', { id: b.id, nickname: '' }, a.token);
    expect((await s.post('/enterprise/friend/list', {}, a.token)).body.data[0].displayName).toBe(b.nickname);

    const del = await s.post('/enterprise/friend/del', { id: b.id }, a.token);
    expect(del.body).toMatchObject({ code: 0, data: { user_id: b.id } });
    expect((await sb.next('delFriend')).data).toEqual({ user_id: a.id });
    expect((await sa.next('delFriend')).data).toEqual({ user_id: b.id });
    expect(await friendRows(a.id, b.id)).toHaveLength(0);
    expect(await convRows(a.id, b.id)).toHaveLength(0);
    expect((await s.post('/enterprise/friend/list', {}, a.token)).body.data).toEqual([]);
    expect((await s.post('/enterprise/friend/list', {}, b.token)).body.data).toEqual([]);
    sa.close();
    sb.close();
  });

  it('orders the friend list by index letter, Chinese names by pinyin, others under #', async () => {
    const me = await s.user('Me');
    const names = ['张三', 'bob', '阿明', '9lives', 'Émile'];
    const ids: number[] = [];
    for (const n of names) {
      const u = await s.user('x');
      await db().updateTable('users').set({ nickname: n }).where('id', '=', u.id).execute();
      await befriend(me, u);
      ids.push(u.id);
    }
    const list = (await s.post('/enterprise/friend/list', {}, me.token)).body.data as { displayName: string; index: string }[];
    expect(list.map((f) => [f.displayName, f.index])).toEqual([
      ['阿明', 'A'],
      ['bob', 'B'],
      ['Émile', 'E'],
      ['张三', 'Z'],
      ['9lives', '#'],
    ]);
  });

  it('keeps one request row for repeated and concurrent requests; asking back agrees', async () => {
    const a = await s.user();
    const c = await s.user();
    const first = await s.post('/enterprise/friend/add', { user_id: c.id, remark: 'one' }, a.token);
    const second = await s.post('/enterprise/friend/add', { user_id: c.id, remark: 'two' }, a.token);
    expect(second.body.code).toBe(0);
    expect(second.body.data.id).toBe(first.body.data.id);
    const rows = await requestRows(a.id, c.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ remark: 'two', status: 0 });

    const d = await s.user();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => s.post('/enterprise/friend/add', { user_id: d.id, remark: `r${i}` }, a.token)),
    );
    for (const r of results) expect(r.body.code).toBe(0);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(await requestRows(a.id, d.id)).toHaveLength(1);

    // Both directions at once still end in one friendship and no pending request.
    const e = await s.user();
    const both = await Promise.all([
      s.post('/enterprise/friend/add', { user_id: e.id }, a.token),
      s.post('/enterprise/friend/add', { user_id: a.id }, e.token),
      s.post('/enterprise/friend/add', { user_id: e.id }, a.token),
      s.post('/enterprise/friend/add', { user_id: a.id }, e.token),
    ]);
    for (const r of both) expect([0, 400]).toContain(r.body.code);
    // Writes of one pair are serialized: the first call makes a request, a later opposite one agrees.
    expect((await requestRows(a.id, e.id)).filter((r) => r.status === 0)).toHaveLength(0);
    expect(await friendRows(a.id, e.id)).toHaveLength(2);
    expect(await convRows(a.id, e.id)).toHaveLength(2);

    // C asking A back (A's request pending) is agreeing: no second row, they are friends.
    const sa = await boundSocket(s.wsUrl, a.token);
    const back = await s.post('/enterprise/friend/add', { user_id: a.id, remark: 'sure' }, c.token);
    expect(back.body).toMatchObject({ code: 0, msg: 'You are now friends.', data: { id: first.body.data.id, status: 1 } });
    expect(await requestRows(a.id, c.id)).toHaveLength(1);
    expect(await friendRows(a.id, c.id)).toHaveLength(2);
    expect((await sa.next('appendContact')).data.id).toBe(c.id);
    const again = await s.post('/enterprise/friend/add', { user_id: c.id }, a.token);
    expect(again.body).toMatchObject({ code: 400, msg: 'You are already friends.' });
    sa.close();
  });

  it('a rejected request shows as rejected and can be sent again (same row, pending)', async () => {
    const a = await s.user();
    const b = await s.user();
    const add = await s.post('/enterprise/friend/add', { user_id: b.id }, a.token);
    const [sa, sb] = await Promise.all([boundSocket(s.wsUrl, a.token), boundSocket(s.wsUrl, b.token)]);
    const no = await s.post('/enterprise/friend/update', { friend_id: add.body.data.id, status: 2 }, b.token);
    expect(no.body).toMatchObject({ code: 0, data: { status: 2 } });
    // both sides hear the answer, so an open user page or request list refreshes
    const answer = { id: add.body.data.id, from_user: a.id, to_user: b.id, status: 2 };
    expect((await sa.next('friendAnswer')).data).toEqual(answer);
    expect((await sb.next('friendAnswer')).data).toEqual(answer);
    sa.close();
    sb.close();
    expect((await s.post('/enterprise/friend/index', {}, a.token)).body.data[0]).toMatchObject({ status: 2, direction: 'sent' });
    expect(await friendRows(a.id, b.id)).toHaveLength(0);
    expect(await convRows(a.id, b.id)).toHaveLength(0);
    const again = await s.post('/enterprise/friend/update', { friend_id: add.body.data.id, status: 1 }, b.token);
    expect(again.body).toMatchObject({ code: 400, msg: 'This request was already answered.' });
    const renew = await s.post('/enterprise/friend/add', { user_id: b.id, remark: 'please' }, a.token);
    expect(renew.body.data).toEqual({ id: add.body.data.id, status: 0 });
    expect(await requestRows(a.id, b.id)).toEqual([expect.objectContaining({ status: 0, remark: 'please' })]);
  });

  it('nobody answers a request addressed to someone else', async () => {
    const a = await s.user();
    const b = await s.user();
    const x = await s.user();
    const add = await s.post('/enterprise/friend/add', { user_id: b.id }, a.token);
    const id = add.body.data.id;
    for (const who of [x, a]) {
      const res = await s.post('/enterprise/friend/update', { friend_id: id, status: 1 }, who.token);
      expect(res.body.code).toBe(403);
    }
    expect(await friendRows(a.id, b.id)).toHaveLength(0);
    expect((await requestRows(a.id, b.id))[0].status).toBe(0);
    expect((await s.post('/enterprise/friend/update', { friend_id: 99999999, status: 1 }, b.token)).body.code).toBe(404);
    // Two answers at once: one wins, the other is told it was answered.
    const both = await Promise.all([
      s.post('/enterprise/friend/update', { friend_id: id, status: 1 }, b.token),
      s.post('/enterprise/friend/update', { friend_id: id, status: 2 }, b.token),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual([0, 400]);
  });

  it('deleting only touches your own friendship; the other pair stays', async () => {
    const x = await s.user();
    const y = await s.user();
    const z = await s.user();
    await befriend(x, y);
    await befriend(z, y);
    // X is not Z's friend: nothing to delete, and X-Y/Z-Y are untouched.
    const wrong = await s.post('/enterprise/friend/del', { id: z.id }, x.token);
    expect(wrong.body.code).toBe(404);
    // X deletes Y: Z-Y stays.
    expect((await s.post('/enterprise/friend/del', { id: y.id }, x.token)).body.code).toBe(0);
    expect(await friendRows(x.id, y.id)).toHaveLength(0);
    expect(await friendRows(z.id, y.id)).toHaveLength(2);
    expect(await convRows(z.id, y.id)).toHaveLength(2);
    expect((await s.post('/enterprise/friend/del', { id: y.id }, x.token)).body.code).toBe(404);
    expect((await s.post('/enterprise/friend/setNickname', { id: y.id, nickname: 'n' }, x.token)).body.code).toBe(404);
  });

  it('refuses self, unknown users and bad input without a 500 and without writing', async () => {
    const a = await s.user();
    const b = await s.user();
    expect((await s.post('/enterprise/friend/add', { user_id: a.id }, a.token)).body).toMatchObject({
      code: 400,
      msg: 'You cannot add yourself as a friend.',
    });
    expect((await s.post('/enterprise/friend/add', { user_id: 2_000_000_000 }, a.token)).body.code).toBe(404);
    const bad: [string, unknown][] = [
      ['/enterprise/friend/add', {}],
      ['/enterprise/friend/add', { user_id: 'abc' }],
      ['/enterprise/friend/add', { user_id: -3 }],
      ['/enterprise/friend/add', { user_id: 1.5 }],
      ['/enterprise/friend/add', { user_id: 1e20 }],
      ['/enterprise/friend/add', { user_id: [b.id] }],
      ['/enterprise/friend/add', { user_id: b.id, remark: 'x'.repeat(101) }],
      ['/enterprise/friend/add', { user_id: b.id, remark: { a: 1 } }],
      ['/enterprise/friend/index', { type: 'everything' }],
      ['/enterprise/friend/index', { page: -1 }],
      ['/enterprise/friend/update', { friend_id: 1, status: 3 }],
      ['/enterprise/friend/update', { friend_id: 1 }],
      ['/enterprise/friend/update', { friend_id: 'x', status: 1 }],
      ['/enterprise/friend/del', { id: null }],
      ['/enterprise/friend/setNickname', { id: b.id, nickname: 'n'.repeat(33) }],
      ['/enterprise/friend/setNickname', { id: b.id }],
    ];
    for (const [path, body] of bad) {
      const res = await s.post(path, body, a.token);
      expect(res.status, path).toBe(200);
      expect(res.body.code, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.msg.length).toBeGreaterThan(3);
    }
    expect(await requestRows(a.id, b.id)).toHaveLength(0);
    // A numeric string id is accepted as the number.
    expect((await s.post('/enterprise/friend/add', { user_id: String(b.id) }, a.token)).body.code).toBe(0);
  });

  it('every friends endpoint needs a token', async () => {
    for (const p of ['add', 'index', 'update', 'del', 'setNickname', 'list']) {
      const res = await s.post(`/enterprise/friend/${p}`, {});
      expect(res.status).toBe(401);
    }
  });

  it('tells friends when a user comes online and goes offline', async () => {
    const a = await s.user();
    const b = await s.user();
    const stranger = await s.user();
    await befriend(a, b);
    const sa = await boundSocket(s.wsUrl, a.token);
    const ss = await boundSocket(s.wsUrl, stranger.token);
    const sb = await boundSocket(s.wsUrl, b.token);
    expect((await sa.next('isOnline')).data).toEqual({ user_id: b.id, is_online: 1 });
    sb.close();
    expect((await sa.next('isOnline')).data).toEqual({ user_id: b.id, is_online: 0 });
    // The push reached A; the stranger never got one about B.
    const sb2 = await boundSocket(s.wsUrl, b.token);
    await sa.next('isOnline');
    expect(ss.frames.filter((f) => f.type === 'isOnline' && f.data?.user_id === b.id)).toHaveLength(0);
    sb2.close();
    sa.close();
    ss.close();
  });
});
