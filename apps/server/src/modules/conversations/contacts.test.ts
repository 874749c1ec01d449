import { type ChatContact, privateConvKey } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, socketPool, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend, befriendMany, seedFile, seedGroup, send } from '../../testing/index.ts';
import { newConversationRow } from './rows.ts';

describe.each(backends)('chat list and conversation settings (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  let stranger: TestUser;
  let gid: number;
  const { sock, closeAll: closeSockets } = socketPool(() => s.wsUrl);
  const contacts = async (u: TestUser): Promise<ChatContact[]> => {
    const res = await s.post('/enterprise/im/getContacts', {}, u.token);
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const contactOf = async (u: TestUser, id: number | string) => (await contacts(u)).find((x) => String(x.id) === String(id));

  beforeAll(async () => {
    s = await startServer(backend);
    a = await s.user('Alice');
    b = await s.user('Bob');
    c = await s.user('Carol');
    stranger = await s.user('Stranger');
    await befriend(s.built.ctx.db, a.id, b.id);
    await befriend(s.built.ctx.db, a.id, c.id);
    gid = await seedGroup(s.built.ctx.db, a.id, [b.id, c.id], {}, '项目组');
  });
  afterAll(async () => {
    closeSockets();
    await s.close();
  });

  it('always lists the file-transfer assistant and the system contact', async () => {
    const list = await contacts(stranger);
    const self = list.find((x) => x.id === stranger.id);
    expect(self).toMatchObject({ displayName: '文件传输助手', is_self: 1, is_group: 0, unread: 0, lastContent: '', lastSendTime: 0, last_msg_id: 0 });
    expect(list.find((x) => x.id === 'system')).toMatchObject({ displayName: '系统通知', is_group: 0, unread: 0, is_notice: 1 });
    // a note to self is not unread and shows as last content
    await send(s, stranger.token, { toContactId: stranger.id, content: 'remember milk' });
    expect(await contactOf(stranger, stranger.id)).toMatchObject({ lastContent: 'remember milk', unread: 0, type: 'text' });
  });

  it('counts unread from others after the read cursor, labels the last content, and orders by time', async () => {
    const m1 = await send(s, a.token, { toContactId: b.id, content: 'one' });
    await send(s, a.token, { toContactId: b.id, content: 'two' });
    const img = await seedFile(s.built.ctx.db, a.id, 'image');
    const last = await send(s, a.token, { toContactId: b.id, type: 'image', file_id: img });
    const bSide = await contactOf(b, a.id);
    expect(bSide).toMatchObject({
      id: a.id,
      displayName: a.nickname,
      lastContent: '[图片]',
      type: 'image',
      unread: 3,
      is_top: 0,
      is_notice: 1,
      is_at: 0,
      is_group: 0,
      index: 'A',
      last_msg_id: last.body.data.msg_id,
      lastSendTime: last.body.data.sendTime * 1000 + (bSide!.lastSendTime % 1000),
    });
    expect((await contactOf(a, b.id))?.unread).toBe(0);
    // a recalled or deleted message is not unread
    await s.post('/enterprise/im/delMessage', { id: m1.body.data.msg_id }, b.token);
    expect((await contactOf(b, a.id))?.unread).toBe(2);
    await s.post('/enterprise/im/undoMessage', { id: last.body.data.msg_id }, a.token);
    expect(await contactOf(b, a.id)).toMatchObject({ unread: 1, lastContent: '[消息已撤回]' });
    // order: the newest conversation first
    await send(s, c.token, { toContactId: a.id, content: 'from carol' });
    const order = (await contacts(a)).map((x) => String(x.id));
    expect(order.indexOf(String(c.id))).toBeLessThan(order.indexOf(String(b.id)));
  });

  it('shows the remark name, the online state, and group facts', async () => {
    await s.built.ctx.db.updateTable('friends').set({ nickname: 'Bobby' }).where('user_id', '=', a.id).where('friend_id', '=', b.id).execute();
    await sock(b);
    const bc = await contactOf(a, b.id);
    expect(bc).toMatchObject({ displayName: 'Bobby', is_online: 1 });
    expect((await contactOf(a, c.id))?.is_online).toBe(0);
    const g = await contactOf(a, `group-${gid}`);
    // a group row says who wrote last (my remark for a friend)
    await send(s, b.token, { toContactId: `group-${gid}`, is_group: 1, content: 'hello group' });
    expect(await contactOf(a, `group-${gid}`)).toMatchObject({ lastContent: 'hello group', last_from: { id: b.id, name: 'Bobby' } });
    expect((await contactOf(a, b.id))?.last_from).toBeUndefined();
    for (const reader of [a, c]) await s.post('/enterprise/im/setMsgIsRead', { toContactId: `group-${gid}`, is_group: 1 }, reader.token);
    // the index letter (spec §3): the remark's initial, '#' for groups
    expect(bc?.index).toBe('B');
    expect(g).toMatchObject({ displayName: '项目组', index: '#', is_group: 1, role: 1, notice: '', setting: expect.objectContaining({ history: 1 }) });
  });

  it("a private row shows the other user's avatar and only my own remark for them", async () => {
    const db = s.built.ctx.db;
    await db.updateTable('users').set({ avatar: '/avatars/carol.png', avatar_color: 7 }).where('id', '=', c.id).execute();
    // Bob's remark for Carol is his, not Alice's
    await befriend(db, b.id, c.id);
    await db.updateTable('friends').set({ nickname: 'Caz' }).where('user_id', '=', b.id).where('friend_id', '=', c.id).execute();
    await send(s, c.token, { toContactId: a.id, content: 'new avatar' });
    await send(s, c.token, { toContactId: b.id, content: 'hi bob' });
    expect(await contactOf(a, c.id)).toMatchObject({ displayName: c.nickname, avatar: '/avatars/carol.png', avatar_color: 7, index: 'C' });
    expect(await contactOf(b, c.id)).toMatchObject({ displayName: 'Caz', avatar: '/avatars/carol.png', avatar_color: 7 });
    // a chat with a user that no longer exists keeps its id as the name
    await db.insertInto('conversations').values(newConversationRow(a.id, '999999', privateConvKey(a.id, 999_999))).execute();
    expect(await contactOf(a, 999_999)).toMatchObject({ displayName: '999999', avatar: '', avatar_color: 1, lastContent: '' });
  });

  it('names every user of a long list, whose cards and remarks are read by a list of ids in one parameter', async () => {
    const db = s.built.ctx.db;
    const owner = await s.user('Many');
    const peers: TestUser[] = [];
    for (let i = 0; i < 25; i++) peers.push(await s.user('Peer'));
    await befriendMany(db, owner.id, peers.map((p) => p.id));
    await db.updateTable('friends').set({ nickname: 'Remarked' }).where('user_id', '=', owner.id).where('friend_id', '=', peers[24].id).execute();
    await db.insertInto('conversations').values(peers.map((p) => newConversationRow(owner.id, String(p.id), privateConvKey(owner.id, p.id)))).execute();
    const list = await contacts(owner);
    for (const p of peers.slice(0, 24)) expect(list.find((x) => x.id === p.id)).toMatchObject({ displayName: p.nickname });
    expect(list.find((x) => x.id === peers[24].id)).toMatchObject({ displayName: 'Remarked', index: 'R' });
  });

  it('setMsgIsRead moves my cursor and tells the sender (isRead), whose messages then read as read', async () => {
    const aWs = await sock(a);
    const bOtherDevice = await sock(b);
    const sent = await send(s, a.token, { toContactId: b.id, content: 'did you read?' });
    expect((await contactOf(b, a.id))?.unread).toBeGreaterThan(0);
    let list = await s.post('/enterprise/im/getMessageList', { toContactId: b.id, last_msg_id: sent.body.data.msg_id - 1 }, a.token);
    expect(list.body.data[0].is_read).toBe(0);
    const res = await s.post('/enterprise/im/setMsgIsRead', { toContactId: a.id, is_group: 0 }, b.token);
    expect(res.body).toMatchObject({ code: 0, data: { toContactId: a.id, msg_id: sent.body.data.msg_id } });
    const push = await aWs.next('isRead');
    expect(push.data).toEqual({ toContactId: b.id, msg_id: sent.body.data.msg_id, reader: b.id });
    // B's other device hears that B read the chat with A
    expect((await bOtherDevice.next('isRead')).data).toEqual({ toContactId: a.id, msg_id: sent.body.data.msg_id, reader: b.id });
    expect((await contactOf(b, a.id))?.unread).toBe(0);
    list = await s.post('/enterprise/im/getMessageList', { toContactId: b.id, last_msg_id: sent.body.data.msg_id - 1 }, a.token);
    expect(list.body.data[0].is_read).toBe(1);
    // reading again moves nothing and pushes nothing new
    await s.post('/enterprise/im/setMsgIsRead', { toContactId: a.id }, b.token);
    await send(s, b.token, { toContactId: a.id, content: 'marker' });
    await aWs.next('simple');
    expect(aWs.frames.filter((f) => f.type === 'isRead')).toHaveLength(1);
  });

  it('counts mentions of me or everyone (is_at) until readAtMsg, and respects do-not-disturb', async () => {
    const to = `group-${gid}`;
    await send(s, a.token, { toContactId: to, is_group: 1, content: '@Bob look', at: [b.id] });
    await send(s, a.token, { toContactId: to, is_group: 1, content: '@all look', at: [0] });
    await send(s, a.token, { toContactId: to, is_group: 1, content: '@Carol only', at: [c.id] });
    await send(s, c.token, { toContactId: to, is_group: 1, content: 'plain' });
    expect(await contactOf(b, to)).toMatchObject({ unread: 4, is_at: 2, lastContent: 'plain' });
    expect(await contactOf(c, to)).toMatchObject({ unread: 3, is_at: 2 });
    const atOnly = await s.post('/enterprise/im/getMessageList', { toContactId: to, is_group: 1, is_at: 1 }, b.token);
    expect(atOnly.body.data.map((m: { content: string }) => m.content)).toEqual(['@Bob look', '@all look']);
    expect((await s.post('/enterprise/im/readAtMsg', { toContactId: to }, b.token)).body.code).toBe(0);
    expect(await contactOf(b, to)).toMatchObject({ unread: 4, is_at: 0 });

    const bOther = await sock(b);
    const bCalling = await sock(b);
    const dnd = await s.post('/enterprise/im/isNotice', { id: to, is_notice: 0 }, b.token, { clientid: bCalling.clientId });
    expect(dnd.body).toMatchObject({ code: 0, data: { id: to, is_notice: 0 } });
    expect((await bOther.next('setIsNotice')).data).toEqual({ id: to, is_notice: 0 });
    expect(await contactOf(b, to)).toMatchObject({ is_notice: 0, unread: 4 });
    await s.post('/enterprise/im/setMsgIsRead', { toContactId: to, is_group: 1 }, b.token);
    expect(await contactOf(b, to)).toMatchObject({ unread: 0, is_at: 0 });
    await s.post('/enterprise/im/isNotice', { id: to, is_notice: '1' }, b.token);
    expect((await contactOf(b, to))?.is_notice).toBe(1);
    // the calling socket got the answer, not the push; the later call without a clientid header reaches it
    expect((await bCalling.next('setIsNotice')).data).toEqual({ id: to, is_notice: 1 });
    expect(bCalling.frames.filter((f) => f.type === 'setIsNotice' && f.data.is_notice === 0)).toHaveLength(0);
  });

  it('pins to the top (first in the list) and syncs my other devices', async () => {
    const aOther = await sock(a);
    const before = await contacts(a);
    const oldest = before.filter((x) => x.is_top === 0 && x.lastSendTime > 0).at(-1)!;
    const res = await s.post('/enterprise/im/setChatTop', { id: oldest.id, is_top: 1 }, a.token);
    expect(res.body.data).toEqual({ id: oldest.id, is_top: 1 });
    expect((await aOther.next('setChatTop')).data).toEqual({ id: oldest.id, is_top: 1 });
    const after = await contacts(a);
    expect(after[0].id).toBe(oldest.id);
    expect(after[0].is_top).toBe(1);
    await s.post('/enterprise/im/setChatTop', { id: oldest.id, is_top: 0 }, a.token);
    expect((await contactOf(a, oldest.id))?.is_top).toBe(0);
  });

  it('delChat hides a row until a newer message arrives', async () => {
    expect((await s.post('/enterprise/im/delChat', { id: c.id }, a.token)).body.code).toBe(0);
    expect(await contactOf(a, c.id)).toBeUndefined();
    await send(s, a.token, { toContactId: b.id, content: 'another chat' });
    expect(await contactOf(a, c.id)).toBeUndefined();
    await send(s, c.token, { toContactId: a.id, content: 'I am back' });
    expect(await contactOf(a, c.id)).toMatchObject({ lastContent: 'I am back' });
    // hiding my own sent chat works too, and my own next message brings it back
    await s.post('/enterprise/im/delChat', { id: b.id }, a.token);
    expect(await contactOf(a, b.id)).toBeUndefined();
    await send(s, a.token, { toContactId: b.id, content: 'me again' });
    expect((await contactOf(a, b.id))?.lastContent).toBe('me again');
  });

  it('the last message is the newest I still see, also when what I read up to was deleted for me', async () => {
    const older = await send(s, c.token, { toContactId: a.id, content: 'older line' });
    const newest = await send(s, c.token, { toContactId: a.id, content: 'newest line' });
    expect((await s.post('/enterprise/im/setMsgIsRead', { toContactId: c.id, is_group: 0 }, a.token)).body.code).toBe(0);
    expect(await contactOf(a, c.id)).toMatchObject({ lastContent: 'newest line', last_msg_id: newest.body.data.msg_id, unread: 0 });
    expect((await s.post('/enterprise/im/delMessage', { id: newest.body.data.msg_id }, a.token)).body.code).toBe(0);
    expect(await contactOf(a, c.id)).toMatchObject({ lastContent: 'older line', last_msg_id: older.body.data.msg_id, unread: 0 });
    // Carol still sees her newest
    expect(await contactOf(c, a.id)).toMatchObject({ lastContent: 'newest line' });
  });

  it('clearMessage clears a private chat for me only; newer messages show again', async () => {
    await send(s, a.token, { toContactId: b.id, content: 'before the clear' });
    const list = (u: TestUser, id: number) =>
      s.post('/enterprise/im/getMessageList', { toContactId: id, is_group: 0, limit: 100 }, u.token);
    expect((await s.post('/enterprise/im/clearMessage', { toContactId: b.id }, a.token)).body.code).toBe(0);
    expect((await list(a, b.id)).body.data).toEqual([]);
    expect((await list(b, a.id)).body.data.map((m: { content: string }) => m.content)).toContain('before the clear');
    await send(s, b.token, { toContactId: a.id, content: 'after the clear' });
    expect((await list(a, b.id)).body.data.map((m: { content: string }) => m.content)).toEqual(['after the clear']);
  });

  it('an event as last message carries its facts (last_extends) so that clients can word it', async () => {
    const made = await s.post('/enterprise/group/add', { name: 'Events', user_ids: [b.id, c.id] }, a.token);
    expect(made.body.code, made.body.msg).toBe(0);
    const id = made.body.data.id as string;
    const row = await contactOf(b, id);
    expect(row).toMatchObject({ type: 'event', lastContent: `${a.nickname} created the group with ${b.nickname} and ${c.nickname}` });
    expect(row?.last_extends).toEqual({
      event: 'group',
      action: 'create',
      by: a.id,
      by_name: a.nickname,
      user_ids: [b.id, c.id],
      names: [b.nickname, c.nickname],
    });
    // a later ordinary message: no facts
    await send(s, b.token, { toContactId: id, is_group: 1, content: 'hello all' });
    const after = await contactOf(b, id);
    expect(after).toMatchObject({ type: 'text', lastContent: 'hello all' });
    expect(after).not.toHaveProperty('last_extends');
  });

  it('refuses settings on conversations that are not mine', async () => {
    const to = `group-${gid}`;
    for (const [path, body] of [
      ['setChatTop', { id: to, is_top: 1 }],
      ['isNotice', { id: to, is_notice: 0 }],
      ['delChat', { id: to }],
      ['setMsgIsRead', { toContactId: to, is_group: 1 }],
      ['readAtMsg', { toContactId: to }],
      ['clearMessage', { toContactId: to }],
    ] as const) {
      const res = await s.post(`/enterprise/im/${path}`, body, stranger.token);
      expect(res.body, path).toMatchObject({ code: 403, msg: 'You are not a member of this group.' });
    }
    expect((await s.post('/enterprise/im/setChatTop', { id: 999_999, is_top: 1 }, a.token)).body.code).toBe(404);
    expect((await s.post('/enterprise/im/setChatTop', { id: b.id, is_top: 7 }, a.token)).body.code).toBe(400);
    expect((await s.post('/enterprise/im/setChatTop', { id: 'group-0', is_top: 1 }, a.token)).body.code).toBe(400);
    expect((await s.post('/enterprise/im/isNotice', {}, a.token)).body.code).toBe(400);
    // no row was written for the stranger
    const rows = await s.built.ctx.db.selectFrom('conversations').select('contact_id').where('user_id', '=', stranger.id).execute();
    expect(rows.map((r) => r.contact_id).sort()).toEqual([String(stranger.id), 'system'].sort());
  });
});
