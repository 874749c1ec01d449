import { type ChatMessage, MESSAGE_COUNT_MAX } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, socketPool, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { draftOf, postSystemNotice } from './deliver.ts';
import { messagesStore } from './store.ts';
import { befriend, seedFile, seedGroup, send, setGroupSetting, setMember } from '../../testing/index.ts';

/** getMessageList (paging, cursors, filters, who may read), searchMessages and the system notices. */
describe.each(backends)('message history and search (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  let stranger: TestUser;
  let gid: number;
  let texts: ChatMessage[];
  const { sock, closeAll: closeSockets } = socketPool(() => s.wsUrl);
  const list = (u: TestUser, body: Record<string, unknown>) => s.post('/enterprise/im/getMessageList', body, u.token);
  const contents = (ms: ChatMessage[]) => ms.map((m) => m.content);

  beforeAll(async () => {
    s = await startServer(backend);
    a = await s.user('Alice');
    b = await s.user('Bob');
    c = await s.user('Carol');
    stranger = await s.user('Stranger');
    await befriend(s.built.ctx.db, a.id, b.id);
    await befriend(s.built.ctx.db, a.id, c.id);
    gid = await seedGroup(s.built.ctx.db, a.id, [b.id]);
    texts = [];
    for (let i = 1; i <= 25; i++) {
      const r = await send(s, i % 2 ? a.token : b.token, { toContactId: i % 2 ? b.id : a.id, content: `msg ${i}` });
      texts.push(r.body.data);
    }
  });
  afterAll(async () => {
    closeSockets();
    await s.close();
  });

  it('pages from the newest (ascending inside a page), scrolls up with before_msg_id, reconciles with last_msg_id', async () => {
    const first = await list(b, { toContactId: a.id, is_group: 0 });
    expect(first.body.code).toBe(0);
    expect(first.body.count).toBe(25);
    expect(contents(first.body.data)).toEqual(texts.slice(5).map((m) => m.content));
    const page2 = await list(b, { toContactId: String(a.id), page: 2, limit: 10 });
    expect(contents(page2.body.data)).toEqual(texts.slice(5, 15).map((m) => m.content));
    const older = await list(b, { toContactId: a.id, before_msg_id: texts[5].msg_id, limit: 3 });
    expect(contents(older.body.data)).toEqual(['msg 3', 'msg 4', 'msg 5']);
    expect(older.body.count).toBe(5);
    const after = await list(b, { toContactId: a.id, last_msg_id: texts[20].msg_id });
    expect(contents(after.body.data)).toEqual(['msg 22', 'msg 23', 'msg 24', 'msg 25']);
    expect(after.body.count).toBe(4);
    const afterLimited = await list(b, { toContactId: a.id, last_msg_id: 0, limit: 2 });
    expect(contents(afterLimited.body.data)).toEqual(['msg 1', 'msg 2']);
    expect(afterLimited.body.count).toBe(25);
    // a page past the oldest message is empty and still counts the chat; so is a range with nothing newer
    expect((await list(b, { toContactId: a.id, page: 9, limit: 10 })).body).toMatchObject({ code: 0, data: [], count: 25 });
    expect((await list(b, { toContactId: a.id, last_msg_id: texts[24].msg_id })).body).toMatchObject({ code: 0, data: [], count: 0 });
    // both sides see the same history
    expect(contents((await list(a, { toContactId: b.id, limit: 100 })).body.data)).toHaveLength(25);
  });

  it('counts a long chat up to MESSAGE_COUNT_MAX, or just past the page asked for, and exactly below that', async () => {
    const d = await s.user('Dora');
    const drafts = Array.from({ length: MESSAGE_COUNT_MAX + 100 }, (_, i) =>
      draftOf({ fromUser: d.id, toContactId: d.id, isGroup: false, type: 'text', content: `note ${i + 1}` }, null),
    );
    await messagesStore.insertMany(s.built.ctx.db, drafts);
    const first = await list(d, { toContactId: d.id });
    expect(first.body.count).toBe(MESSAGE_COUNT_MAX);
    expect(contents(first.body.data).at(-1)).toBe(`note ${MESSAGE_COUNT_MAX + 100}`);
    // the last page: the count runs past it, so it is exact (all of them)
    const last = await list(d, { toContactId: d.id, page: (MESSAGE_COUNT_MAX + 100) / 20, limit: 20 });
    expect(contents(last.body.data)[0]).toBe('note 1');
    expect(last.body.count).toBe(MESSAGE_COUNT_MAX + 100);
    const oldest = await list(d, { toContactId: d.id, is_group: 0, page: 1, limit: 20, last_msg_id: 0 });
    const fewBefore = await list(d, { toContactId: d.id, before_msg_id: oldest.body.data[10].msg_id });
    expect(fewBefore.body.count).toBe(10);
  });

  it('refuses bad paging input without a 500', async () => {
    for (const body of [
      { toContactId: a.id, limit: 101 },
      { toContactId: a.id, limit: 0 },
      { toContactId: a.id, page: -1 },
      { toContactId: a.id, last_msg_id: 'x' },
      { toContactId: a.id, keywords: 'k'.repeat(101) },
      { toContactId: null },
      {},
    ]) {
      const res = await list(b, body);
      expect(res.status).toBe(200);
      expect(res.body.code, JSON.stringify(body)).toBe(400);
    }
    expect((await list(b, { toContactId: 999_999 })).body.code).toBe(404);
  });

  it('searches text case-insensitively (Chinese too), filters by type, and escapes LIKE wildcards', async () => {
    await send(s, a.token, { toContactId: b.id, content: '明天下午开会 Meeting' });
    await send(s, a.token, { toContactId: b.id, content: '100% sure_thing' });
    const doc = await seedFile(s.built.ctx.db, a.id, 'file', '季度报告.pdf');
    const img = await seedFile(s.built.ctx.db, a.id, 'image');
    await send(s, a.token, { toContactId: b.id, type: 'file', file_id: doc });
    await send(s, a.token, { toContactId: b.id, type: 'image', file_id: img });
    expect(contents((await list(b, { toContactId: a.id, keywords: '开会' })).body.data)).toEqual(['明天下午开会 Meeting']);
    expect(contents((await list(b, { toContactId: a.id, keywords: 'meeting' })).body.data)).toEqual(['明天下午开会 Meeting']);
    expect(contents((await list(b, { toContactId: a.id, keywords: '%' })).body.data)).toEqual(['100% sure_thing']);
    expect(contents((await list(b, { toContactId: a.id, keywords: '_' })).body.data)).toEqual(['100% sure_thing']);
    expect(contents((await list(b, { toContactId: a.id, keywords: '报告' })).body.data)).toEqual(['季度报告.pdf']);
    const images = await list(b, { toContactId: a.id, type: 'image' });
    expect(images.body.data.map((m: ChatMessage) => m.type)).toEqual(['image']);
    expect(images.body.data[0].file.url).toContain(`u=${b.id}`);
    expect(images.body.count).toBe(1);
  });

  it('searchMessages finds text across my private and group chats only', async () => {
    await send(s, a.token, { toContactId: `group-${gid}`, is_group: 1, content: '群里的秘密 code' });
    await send(s, a.token, { toContactId: c.id, content: '私聊的秘密 code' });
    const mine = await s.post('/enterprise/im/searchMessages', { keywords: '秘密' }, a.token);
    expect(mine.body.code).toBe(0);
    const byContact = new Map(mine.body.data.map((h: { contact: { id: unknown }; messages: ChatMessage[] }) => [String(h.contact.id), h]));
    expect(byContact.size).toBe(2);
    expect((byContact.get(`group-${gid}`) as { contact: object }).contact).toMatchObject({ is_group: 1 });
    expect((byContact.get(String(c.id)) as { contact: object; messages: ChatMessage[] }).contact).toMatchObject({ is_group: 0, displayName: c.nickname });
    // Bob is in the group but not in Alice–Carol
    const bobs = await s.post('/enterprise/im/searchMessages', { keywords: 'CODE' }, b.token);
    expect(bobs.body.data.map((h: { contact: { id: unknown } }) => h.contact.id)).toEqual([`group-${gid}`]);
    expect((await s.post('/enterprise/im/searchMessages', { keywords: '秘密' }, stranger.token)).body.data).toEqual([]);
    expect((await s.post('/enterprise/im/searchMessages', { keywords: '  ' }, a.token)).body.code).toBe(400);
  });

  it('searchMessages answers keywords of lone surrogates, and refuses U+0000 with a 400 (the fuzzer found a 500)', async () => {
    for (const keywords of ['\uffff\ud800', 'ab\udc00c', '\ud83d']) {
      const res = await s.post('/enterprise/im/searchMessages', { keywords }, a.token);
      expect(res.status, JSON.stringify(keywords)).toBe(200);
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    }
    for (const keywords of ['\u0000\uffff\ud800', 'x\u0000yz']) {
      const res = await s.post('/enterprise/im/searchMessages', { keywords }, a.token);
      expect(res.body).toMatchObject({ code: 400, key: 'common.invalid', msg: 'Text may not contain the NUL character (U+0000).' });
    }
  });

  it('lets only members read a group; hides history from before joining when the switch is off; respects clearing', async () => {
    const to = `group-${gid}`;
    expect((await list(stranger, { toContactId: to, is_group: 1 })).body).toMatchObject({ code: 403, msg: 'You are not a member of this group.' });
    const before = await send(s, a.token, { toContactId: to, is_group: 1, content: 'before C joined' });
    await s.built.ctx.db
      .insertInto('group_members')
      .values({ group_id: gid, user_id: c.id, role: 3, joined_at: Date.now(), joined_msg_id: before.body.data.msg_id, mute_until: 0 })
      .execute();
    s.built.ctx.groups.invalidate(gid);
    await send(s, a.token, { toContactId: to, is_group: 1, content: 'after C joined' });
    expect(contents((await list(c, { toContactId: to, is_group: 1 })).body.data)).toContain('before C joined');
    await setGroupSetting(s.built.ctx.db, gid, { history: 0 });
    expect(contents((await list(c, { toContactId: to, is_group: 1 })).body.data)).toEqual(['after C joined']);
    // the chat list counts and shows only what C may see
    const cg = (await s.post('/enterprise/im/getContacts', {}, c.token)).body.data.find((x: { id: unknown }) => x.id === to);
    expect(cg).toMatchObject({ lastContent: 'after C joined', unread: 1 });
    await setGroupSetting(s.built.ctx.db, gid, { history: 1 });

    // clearing my history (cleared_msg_id) hides everything up to it, for me only
    await s.built.ctx.db.updateTable('conversations').set({ cleared_msg_id: before.body.data.msg_id }).where('user_id', '=', b.id).where('contact_id', '=', to).execute();
    expect(contents((await list(b, { toContactId: to, is_group: 1 })).body.data)).toEqual(['after C joined']);
    expect(contents((await list(a, { toContactId: to, is_group: 1, limit: 100 })).body.data)).toContain('before C joined');
    await setMember(s.built.ctx.db, gid, c.id, { joined_msg_id: 0 });
  });

  it('a stranger reading a user id gets only their own (empty) chat with that user', async () => {
    const res = await list(stranger, { toContactId: a.id });
    expect(res.body).toMatchObject({ code: 0, data: [], count: 0 });
  });

  it('delMessage hides a message for me only; a stranger cannot delete it', async () => {
    const m = await send(s, a.token, { toContactId: b.id, content: 'delete me' });
    const id = m.body.data.msg_id;
    expect((await s.post('/enterprise/im/delMessage', { id }, stranger.token)).body).toMatchObject({ code: 404 });
    expect((await s.post('/enterprise/im/delMessage', { id }, c.token)).body.code).toBe(404);
    expect((await s.post('/enterprise/im/delMessage', { id: String(id) }, b.token)).body).toMatchObject({ code: 0, data: { msg_id: id } });
    expect(contents((await list(b, { toContactId: a.id, last_msg_id: id - 1 })).body.data)).not.toContain('delete me');
    expect(contents((await list(a, { toContactId: b.id, last_msg_id: id - 1 })).body.data)).toContain('delete me');
    // twice is fine; then it is gone for me
    expect((await s.post('/enterprise/im/delMessage', { id }, b.token)).body.code).toBe(404);
    // by my own client id
    const mine = await send(s, a.token, { toContactId: b.id, content: 'by client id' });
    expect((await s.post('/enterprise/im/delMessage', { id: mine.body.data.id }, a.token)).body.code).toBe(0);
    expect((await s.post('/enterprise/im/delMessage', { id: { x: 1 } }, a.token)).body.code).toBe(400);
  });

  it('system notices: to one user or everyone, live, in getAdminNotice and the system contact', async () => {
    const bWs = await sock(b);
    const ctx = s.built.ctx;
    const direct = await postSystemNotice({ db: ctx.db, hub: ctx.hub, dialect: ctx.dialect }, 'Your account was verified', b.id);
    const all = await postSystemNotice({ db: ctx.db, hub: ctx.hub, dialect: ctx.dialect }, 'Maintenance tonight');
    expect(direct).toMatchObject({ toContactId: 'system', type: 'system', fromUser: { id: 0, displayName: '系统通知' } });
    expect((await bWs.next('simple')).data).toEqual(direct);
    expect((await bWs.next('simple')).data).toEqual(all);
    const notices = await s.post('/enterprise/im/getAdminNotice', {}, b.token);
    expect(contents(notices.body.data)).toEqual(['Your account was verified', 'Maintenance tonight']);
    const others = await s.post('/enterprise/im/getAdminNotice', {}, c.token);
    expect(contents(others.body.data)).toEqual(['Maintenance tonight']);
    const sys = (await s.post('/enterprise/im/getContacts', {}, b.token)).body.data.find((x: { id: unknown }) => x.id === 'system');
    expect(sys).toMatchObject({ unread: 2, lastContent: 'Maintenance tonight', type: 'system', last_msg_id: all.msg_id });
    await s.post('/enterprise/im/setMsgIsRead', { toContactId: 'system' }, b.token);
    const read = (await s.post('/enterprise/im/getContacts', {}, b.token)).body.data.find((x: { id: unknown }) => x.id === 'system');
    expect(read.unread).toBe(0);
    // nobody answers the system
    expect((await send(s, b.token, { toContactId: 'system', content: 'hi' })).body.code).toBe(403);
  });
});
