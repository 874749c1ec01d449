import type { ChatMessage } from '@parley/protocol';
import { errorText } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, socketPool, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { canReadFile } from '../uploads/files.ts';
import { befriend, seedFile, seedGroup, send, setMember } from '../../testing/index.ts';

/** undoMessage and forwardMessage: who may, and what everyone sees. */
describe.each(backends)('recall and forward (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  let d: TestUser;
  let stranger: TestUser;
  let gid: number;
  const { sock, closeAll: closeSockets } = socketPool(() => s.wsUrl);
  const undo = (u: TestUser, id: unknown, headers: Record<string, string> = {}) =>
    s.post('/enterprise/im/undoMessage', { id }, u.token, headers);
  const forward = (u: TestUser, body: Record<string, unknown>) => s.post('/enterprise/im/forwardMessage', body, u.token);
  const age = (msgId: number, ms: number) =>
    s.built.ctx.db.updateTable('messages').set({ send_time: Date.now() - ms }).where('msg_id', '=', msgId).execute();
  const countMessages = async () =>
    Number((await s.built.ctx.db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    s = await startServer(backend);
    a = await s.user('Alice');
    b = await s.user('Bob');
    c = await s.user('Carol');
    d = await s.user('Dave');
    stranger = await s.user('Stranger');
    await befriend(s.built.ctx.db, a.id, b.id);
    await befriend(s.built.ctx.db, a.id, c.id);
    await befriend(s.built.ctx.db, a.id, d.id);
    // owner a, admin b, members c and d
    gid = await seedGroup(s.built.ctx.db, a.id, [b.id, c.id, d.id]);
    await setMember(s.built.ctx.db, gid, b.id, { role: 2 });
  });
  afterAll(async () => {
    closeSockets();
    await s.close();
  });

  it('the sender recalls within 2 minutes: content blanked, both sides and my other device are told', async () => {
    const bWs = await sock(b);
    const aOther = await sock(a);
    const aCalling = await sock(a);
    const img = await seedFile(s.built.ctx.db, a.id, 'image');
    const m = (await send(s, a.token, { toContactId: b.id, type: 'image', file_id: img })).body.data as ChatMessage;
    await bWs.next('simple');
    const res = await undo(a, m.msg_id, { clientid: aCalling.clientId });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ msg_id: m.msg_id, is_undo: 1, content: '', file: null, extends: {} });
    const expected = { msg_id: m.msg_id, toContactId: b.id, is_group: 0, fromUser: m.fromUser, by: a.id };
    expect((await bWs.next('undoMessage')).data).toEqual(expected);
    expect((await aOther.next('undoMessage')).data).toEqual(expected);
    const seen = await s.post('/enterprise/im/getMessageList', { toContactId: a.id, last_msg_id: m.msg_id - 1 }, b.token);
    expect(seen.body.data[0]).toMatchObject({ msg_id: m.msg_id, is_undo: 1, content: '', file: null });
    const row = await s.built.ctx.db.selectFrom('messages').select(['content', 'file_id']).where('msg_id', '=', m.msg_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ content: '', file_id: null });
    // recalling twice answers the same, by client id too
    expect((await undo(a, m.id)).body.data.is_undo).toBe(1);
    expect(aCalling.frames.filter((f) => f.type === 'undoMessage')).toHaveLength(0);
  });

  it('the receiver cannot recall the sender’s message; the sender cannot after 2 minutes; a stranger gets 404', async () => {
    const m = (await send(s, a.token, { toContactId: b.id, content: 'keep me' })).body.data as ChatMessage;
    expect((await undo(b, m.msg_id)).body).toMatchObject({ code: 403, msg: errorText('messages.recallOthers') });
    expect((await undo(stranger, m.msg_id)).body).toMatchObject({ code: 404, msg: errorText('messages.notFound') });
    expect((await undo(c, m.msg_id)).body.code).toBe(404);
    // someone else's client id does not find my message
    expect((await undo(b, m.id)).body.code).toBe(404);
    await age(m.msg_id, 121_000);
    expect((await undo(a, m.msg_id)).body).toMatchObject({ code: 403, msg: errorText('messages.recallWindow') });
    const fresh = (await send(s, a.token, { toContactId: b.id, content: 'just now' })).body.data as ChatMessage;
    await age(fresh.msg_id, 100_000);
    expect((await undo(a, fresh.msg_id)).body.code).toBe(0);
    expect((await undo(a, 'not-a-thing')).body.code).toBe(404);
    expect((await undo(a, -5)).body.code).toBe(400);
  });

  it('in groups: the owner recalls anyone any time, an admin plain members only, a member only their own', async () => {
    const to = `group-${gid}`;
    const say = async (u: TestUser, content: string) =>
      (await send(s, u.token, { toContactId: to, is_group: 1, content })).body.data as ChatMessage;
    const cWs = await sock(c);
    const byD = await say(d, 'from d');
    await age(byD.msg_id, 3_600_000);
    expect((await undo(c, byD.msg_id)).body).toMatchObject({ code: 403, msg: errorText('messages.recallOthers') });
    expect((await undo(d, byD.msg_id)).body).toMatchObject({ code: 403, msg: errorText('messages.recallWindow') });
    expect((await undo(stranger, byD.msg_id)).body.code).toBe(404);
    const adminRecall = await undo(b, byD.msg_id);
    expect(adminRecall.body.code).toBe(0);
    const push = await cWs.next('undoMessage');
    expect(push.data).toMatchObject({ msg_id: byD.msg_id, toContactId: to, is_group: 1, by: b.id, fromUser: { id: d.id } });

    const byOwner = await say(a, 'from owner');
    expect((await undo(b, byOwner.msg_id)).body).toMatchObject({ code: 403, msg: errorText('messages.recallAdmin') });
    const byAdmin = await say(b, 'from admin');
    await age(byAdmin.msg_id, 3_600_000);
    expect((await undo(b, byAdmin.msg_id)).body.code).toBe(0);
    const byC = await say(c, 'from c');
    await age(byC.msg_id, 86_400_000);
    expect((await undo(a, byC.msg_id)).body.code).toBe(0);
  });

  it('forwards one by one to friends and groups, keeping files; the copies are readable by the new receivers', async () => {
    const cWs = await sock(c);
    const dWs = await sock(d);
    const doc = await seedFile(s.built.ctx.db, b.id, 'file', 'plan.pdf');
    const orig = (await send(s, b.token, { toContactId: a.id, type: 'file', file_id: doc })).body.data as ChatMessage;
    const text = (await send(s, b.token, { toContactId: a.id, content: 'see the plan' })).body.data as ChatMessage;
    const res = await forward(a, { msg_ids: [text.msg_id, orig.msg_id], user_ids: [c.id, `group-${gid}`, String(c.id)] });
    expect(res.body.code).toBe(0);
    const copies = res.body.data as ChatMessage[];
    expect(copies).toHaveLength(4);
    expect(copies.map((m) => [m.toContactId, m.type])).toEqual([
      [c.id, 'file'],
      [`group-${gid}`, 'file'],
      [c.id, 'text'],
      [`group-${gid}`, 'text'],
    ]);
    for (const m of copies) expect(m.fromUser.id).toBe(a.id);
    expect(copies[0].file).toMatchObject({ id: doc, name: 'plan.pdf' });
    const pushed = await cWs.next('simple');
    expect(pushed.data).toEqual(copies[0]);
    expect((await dWs.next('group')).data).toEqual(copies[1]);
    // Carol can now fetch the file with her own link
    const seen = await s.post('/enterprise/im/getMessageList', { toContactId: a.id, last_msg_id: copies[0].msg_id - 1 }, c.token);
    expect(seen.body.data[0].file.url).toContain(`u=${c.id}`);
    const file = { id: doc, owner_id: b.id, kind: 'file' };
    expect(await canReadFile(s.built.ctx, c.id, file)).toBe(true);
    expect(await canReadFile(s.built.ctx, stranger.id, file)).toBe(false);
  });

  it('forwards merged as one chat-history message per target', async () => {
    const one = (await send(s, a.token, { toContactId: b.id, content: '第一条' })).body.data as ChatMessage;
    const two = (await send(s, b.token, { toContactId: a.id, content: 'second' })).body.data as ChatMessage;
    const res = await forward(a, { msg_ids: [two.msg_id, one.msg_id], user_ids: [c.id, d.id], merge: 1 });
    expect(res.body.code).toBe(0);
    const [m] = res.body.data as ChatMessage[];
    expect(res.body.data).toHaveLength(2);
    expect(m).toMatchObject({ type: 'forward', toContactId: c.id, extends: { count: 2, title: expect.stringContaining('的聊天记录') } });
    const items = m.extends.items as { msg_id: number; content: string; fromUser: { id: number } }[];
    expect(items.map((i) => [i.msg_id, i.content, i.fromUser.id])).toEqual([
      [one.msg_id, '第一条', a.id],
      [two.msg_id, 'second', b.id],
    ]);
    const contact = (await s.post('/enterprise/im/getContacts', {}, c.token)).body.data.find((x: { id: unknown }) => x.id === a.id);
    expect(contact).toMatchObject({ lastContent: '[聊天记录]', type: 'forward' });
    // the facts each reader's app words the card from
    expect(m.extends.names).toEqual([a.nickname, b.nickname]);
  });

  it('lets the recipients of a merged forward open its photos and files, each with their own link', async () => {
    const photo = await seedFile(s.built.ctx.db, b.id, 'image');
    const shot = (await send(s, b.token, { toContactId: a.id, type: 'image', file_id: photo })).body.data as ChatMessage;
    const file = { id: photo, owner_id: b.id, kind: 'image' };
    expect(await canReadFile(s.built.ctx, c.id, file)).toBe(false);
    const res = await forward(a, { msg_ids: [shot.msg_id], user_ids: [c.id], merge: 1 });
    expect(res.body.code).toBe(0);
    expect(await canReadFile(s.built.ctx, c.id, file)).toBe(true);
    expect(await canReadFile(s.built.ctx, stranger.id, file)).toBe(false);
    const [m] = res.body.data as ChatMessage[];
    const seen = await s.post('/enterprise/im/getMessageList', { toContactId: a.id, last_msg_id: m.msg_id - 1 }, c.token);
    const item = (seen.body.data[0].extends.items as { file: { id: number; url: string } }[])[0];
    expect(item.file.id).toBe(photo);
    expect(item.file.url).toContain(`u=${c.id}`);
    // a recalled forward no longer opens it
    await s.post('/enterprise/im/undoMessage', { id: m.msg_id }, a.token);
    expect(await canReadFile(s.built.ctx, c.id, file)).toBe(false);
  });

  it('a reply stores the quoted message as checked facts; a quote from elsewhere is refused, writing nothing', async () => {
    const asked = (await send(s, b.token, { toContactId: a.id, content: 'Lunch at noon?' })).body.data as ChatMessage;
    const reply = await send(s, a.token, { toContactId: b.id, content: 'Yes!', extends: { quote: { msg_id: asked.msg_id } } });
    expect(reply.body.code).toBe(0);
    expect(reply.body.data.extends.quote).toEqual({ msg_id: asked.msg_id, from: { id: b.id, name: b.nickname }, type: 'text', text: 'Lunch at noon?' });
    const seen = await s.post('/enterprise/im/getMessageList', { toContactId: a.id, last_msg_id: asked.msg_id }, b.token);
    expect(seen.body.data.at(-1).extends.quote.msg_id).toBe(asked.msg_id);

    const before = await countMessages();
    const elsewhere = (await send(s, a.token, { toContactId: c.id, content: 'for carol only' })).body.data as ChatMessage;
    // a message of another chat, someone else's chat, a recalled one, nonsense: not found
    expect((await send(s, a.token, { toContactId: b.id, content: 'x', extends: { quote: { msg_id: elsewhere.msg_id } } })).body.code).toBe(404);
    expect((await send(s, stranger.token, { toContactId: stranger.id, content: 'x', extends: { quote: { msg_id: asked.msg_id } } })).body.code).toBe(404);
    await undo(b, asked.msg_id);
    // the reply keeps who and what kind, not the recalled words
    const after = await s.post('/enterprise/im/getMessageList', { toContactId: a.id, last_msg_id: asked.msg_id }, b.token);
    const kept = after.body.data.find((m: ChatMessage) => m.msg_id === reply.body.data.msg_id);
    expect(kept.extends.quote).toEqual({ msg_id: asked.msg_id, from: { id: b.id, name: b.nickname }, type: 'text', text: '', recalled: 1 });
    expect(JSON.stringify(after.body.data)).not.toContain('Lunch at noon?');
    expect((await send(s, a.token, { toContactId: b.id, content: 'x', extends: { quote: { msg_id: asked.msg_id } } })).body.code).toBe(404);
    expect((await send(s, a.token, { toContactId: b.id, content: 'x', extends: { quote: { msg_id: 'abc' } } })).body.code).toBe(404);
    expect(await countMessages()).toBe(before + 1);
  });

  it('refuses forwards that are not allowed, writing nothing', async () => {
    const m = (await send(s, a.token, { toContactId: b.id, content: 'private between a and b' })).body.data as ChatMessage;
    const before = await countMessages();
    // a stranger cannot forward someone else's conversation
    expect((await forward(stranger, { msg_id: m.msg_id, user_ids: [stranger.id] })).body).toMatchObject({ code: 404 });
    expect((await forward(c, { msg_id: m.msg_id, user_ids: [a.id] })).body.code).toBe(404);
    // every target must be allowed: one non-friend refuses the whole call
    expect((await forward(a, { msg_id: m.msg_id, user_ids: [c.id, stranger.id] })).body).toMatchObject({ code: 403, msg: errorText('messages.notFriends') });
    expect((await forward(a, { msg_id: m.msg_id, user_ids: ['group-99999'] })).body.code).toBe(404);
    expect((await forward(stranger, { msg_id: m.msg_id, user_ids: [`group-${gid}`] })).body.code).toBe(404);
    const ten = Array.from({ length: 10 }, (_, i) => i + 1);
    expect((await forward(a, { msg_id: m.msg_id, user_ids: ten })).body).toMatchObject({ code: 400, msg: errorText('messages.forwardTargets') });
    expect((await forward(a, { msg_id: m.msg_id, user_ids: [] })).body.code).toBe(400);
    expect((await forward(a, { user_ids: [c.id] })).body).toMatchObject({ code: 400, msg: errorText('messages.forwardNothing') });
    await s.post('/enterprise/im/undoMessage', { id: m.msg_id }, a.token);
    expect((await forward(a, { msg_id: m.msg_id, user_ids: [c.id] })).body).toMatchObject({ code: 400, msg: errorText('messages.forwardKind') });
    expect(await countMessages()).toBe(before);
  });
});
