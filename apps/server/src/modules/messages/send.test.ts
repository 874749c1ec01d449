import { randomUUID } from 'node:crypto';
import { errorText } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemService } from '../../modules/system/service.ts';
import { backends, socketPool, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { fileUrlFor } from '../uploads/files.ts';
import { befriend, seedFile, seedGroup, send, setGroupSetting, setMember } from '../../testing/index.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(backends)('sendMessage (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  const { sock, closeAll: closeSockets } = socketPool(() => s.wsUrl);
  const countMessages = async () =>
    Number((await s.built.ctx.db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    s = await startServer(backend);
    a = await s.user('Alice');
    b = await s.user('Bob');
    c = await s.user('Carol');
    await befriend(s.built.ctx.db, a.id, b.id);
  });
  afterAll(async () => {
    closeSockets();
    await s.close();
  });

  it('refuses every messaging endpoint without a token (HTTP 401)', async () => {
    for (const p of [
      'sendMessage',
      'getMessageList',
      'getContacts',
      'setMsgIsRead',
      'readAtMsg',
      'setChatTop',
      'isNotice',
      'delChat',
      'undoMessage',
      'delMessage',
      'forwardMessage',
      'searchMessages',
      'getAdminNotice',
    ]) {
      const res = await s.post(`/enterprise/im/${p}`, {});
      expect(res.status, p).toBe(401);
      expect(res.body.code, p).toBe(401);
    }
  });

  it('delivers a text to every device of the receiver and to the sender’s other devices, not the sending socket', async () => {
    const bPhone = await sock(b);
    const bPc = await sock(b);
    const aSending = await sock(a);
    const aOther = await sock(a);
    const res = await send(s, a.token, { toContactId: b.id, content: '  hello Bob  ' }, { clientid: aSending.clientId });
    expect(res.body.code).toBe(0);
    const m = res.body.data;
    expect(m).toMatchObject({
      toContactId: b.id,
      content: 'hello Bob',
      type: 'text',
      is_group: 0,
      is_undo: 0,
      at: [],
      extends: {},
      file: null,
      fromUser: { id: a.id, user_id: a.id, displayName: a.nickname, realname: a.nickname, avatar: '', avatar_color: expect.any(Number) },
    });
    expect(typeof m.msg_id).toBe('number');
    expect(m.sendTime).toBeLessThan(1e10);
    expect(Math.abs(m.sendTime - Date.now() / 1000)).toBeLessThan(60);
    for (const ws of [bPhone, bPc, aOther]) {
      const push = await ws.next('simple');
      expect(push.data).toEqual(m);
    }
    // the sending socket: a later push arrives but the message itself never did
    await send(s, b.token, { toContactId: a.id, content: 'reply' });
    const reply = await aSending.next('simple');
    expect(reply.data.content).toBe('reply');
    expect(aSending.frames.filter((f) => f.type === 'simple' && f.data.msg_id === m.msg_id)).toHaveLength(0);
  });

  it('a clientId header naming the receiver’s socket does not keep the message from it', async () => {
    const bPhone = await sock(b);
    const overHttp = await send(s, a.token, { toContactId: b.id, content: 'not hidden' }, { clientid: bPhone.clientId });
    expect(overHttp.body.code).toBe(0);
    expect((await bPhone.next('simple')).data.msg_id).toBe(overHttp.body.data.msg_id);
  });

  it('stores one message for 12 concurrent retries of the same id and pushes it once', async () => {
    const bWs = await sock(b);
    const id = randomUUID();
    const before = await countMessages();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => s.post('/enterprise/im/sendMessage', { id, toContactId: b.id, type: 'text', content: 'once', is_group: 0 }, a.token)),
    );
    expect(answers.map((r) => r.body.code)).toEqual(Array(12).fill(0));
    const msgIds = new Set(answers.map((r) => r.body.data.msg_id));
    expect(msgIds.size).toBe(1);
    for (const r of answers) expect(r.body.data).toEqual(answers[0].body.data);
    expect(await countMessages()).toBe(before + 1);
    const rows = await s.built.ctx.db.selectFrom('messages').select('msg_id').where('from_user', '=', a.id).where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
    // a later message's push proves every earlier push has been received (one socket keeps order)
    const marker = await send(s, a.token, { toContactId: b.id, content: 'marker' });
    await (async () => {
      for (;;) {
        const f = await bWs.next('simple');
        if (f.data.msg_id === marker.body.data.msg_id) return;
      }
    })();
    const pushes = bWs.frames.filter((f) => f.type === 'simple' && f.data.id === id);
    expect(pushes).toHaveLength(1);
    // a retry later answers the same message and pushes nothing
    const again = await s.post('/enterprise/im/sendMessage', { id, toContactId: b.id, type: 'text', content: 'once', is_group: 0 }, a.token);
    expect(again.body.data.msg_id).toBe(answers[0].body.data.msg_id);
    expect(await countMessages()).toBe(before + 2);
  });

  it('private chat needs a friendship (either direction missing is refused); the file-transfer assistant needs none', async () => {
    const toStranger = await send(s, a.token, { toContactId: c.id, content: 'hi' });
    expect(toStranger.body).toMatchObject({ code: 403, msg: errorText('messages.notFriends') });
    // one-sided friendship is not enough
    await s.built.ctx.db.insertInto('friends').values({ user_id: a.id, friend_id: c.id, nickname: '', created_at: Date.now() }).execute();
    expect((await send(s, a.token, { toContactId: c.id, content: 'hi' })).body.code).toBe(403);
    expect((await send(s, c.token, { toContactId: a.id, content: 'hi' })).body.code).toBe(403);
    await s.built.ctx.db.deleteFrom('friends').where('user_id', '=', a.id).where('friend_id', '=', c.id).execute();

    const self = await send(s, c.token, { toContactId: String(c.id), content: 'note to self' });
    expect(self.body.code).toBe(0);
    expect(self.body.data.toContactId).toBe(c.id);
    expect((await send(s, a.token, { toContactId: 999_999, content: 'hi' })).body).toMatchObject({ code: 404, msg: errorText('conversations.unknownContact') });
    expect((await send(s, a.token, { toContactId: 'system', content: 'hi' })).body).toMatchObject({ code: 403, msg: errorText('messages.systemContact') });
  });

  it('a new name is on the very next message, though the one before it carried the old', async () => {
    const [x, y] = [await s.user(), await s.user()];
    await befriend(s.built.ctx.db, x.id, y.id);
    const before = await send(s, x.token, { toContactId: y.id, content: 'before' });
    expect(before.body.data.fromUser.displayName).toBe(x.nickname);
    expect((await s.post('/enterprise/im/updateUserInfo', { nickname: 'Renamed' }, x.token)).body.code).toBe(0);
    expect((await send(s, x.token, { toContactId: y.id, content: 'after' })).body.data.fromUser.displayName).toBe('Renamed');
  });

  it('a friendship removed refuses the very next send, though the one before it was let through', async () => {
    const [x, y] = [await s.user(), await s.user()];
    await befriend(s.built.ctx.db, x.id, y.id);
    expect((await send(s, x.token, { toContactId: y.id, content: 'still friends' })).body.code).toBe(0);
    expect((await s.post('/enterprise/friend/del', { id: x.id }, y.token)).body.code).toBe(0);
    expect((await send(s, x.token, { toContactId: y.id, content: 'after' })).body).toMatchObject({ code: 403, msg: errorText('messages.notFriends') });
    expect((await send(s, y.token, { toContactId: x.id, content: 'after' })).body.code).toBe(403);
  });

  it('refuses bad input with a clear message, never a 500 and never a write', async () => {
    const before = await countMessages();
    const cases: [Record<string, unknown>, number, RegExp | string][] = [
      [{ toContactId: b.id, content: 'x'.repeat(100_000) }, 400, errorText('messages.textTooLong')],
      [{ toContactId: b.id, content: 'x'.repeat(5001) }, 400, errorText('messages.textTooLong')],
      [{ toContactId: b.id, content: '   ' }, 400, errorText('messages.textEmpty')],
      [{ toContactId: b.id, content: '\u200b \u2060' }, 400, errorText('messages.textEmpty')],
      [{ toContactId: b.id, content: { text: 'hi' } }, 400, /text/],
      [{ toContactId: { x: 1 }, content: 'hi' }, 400, /toContactId/],
      [{ toContactId: 'bogus', content: 'hi' }, 400, /toContactId/],
      [{ toContactId: 'group-999999', is_group: 1, content: 'hi' }, 404, errorText('conversations.unknownContact')],
      [{ toContactId: b.id, is_group: 1, content: 'hi' }, 400, /is_group/],
      [{ toContactId: b.id, type: 'sticker', content: 'hi' }, 400, /Unknown message type "sticker"/],
      [{ toContactId: b.id, type: 42, content: 'hi' }, 400, /type/],
      [{ toContactId: b.id, type: 'image', file_id: 987_654 }, 404, 'That file does not exist.'],
      [{ toContactId: b.id, type: 'image' }, 400, errorText('messages.fileNeeded')],
      [{ toContactId: b.id, type: 'file', file_id: 'abc' }, 400, /file_id/],
      [{ toContactId: b.id, type: 'system', content: 'fake' }, 400, errorText('messages.serverOnly')],
      [{ toContactId: b.id, type: 'event', content: 'fake' }, 400, errorText('messages.serverOnly')],
      [{ toContactId: b.id, type: 'webrtc', content: '' }, 400, errorText('messages.webrtc')],
      [{ toContactId: b.id, type: 'red_packet', content: '' }, 400, errorText('messages.redPacket')],
      [{ toContactId: b.id, content: 'hi', at: ['x'] }, 400, /at/],
      [{ toContactId: b.id, content: 'hi', extends: 'nope' }, 400, /extends/],
      [{ toContactId: b.id, content: 'hi', id: 'has spaces in it' }, 400, /id must be/],
      [{ toContactId: b.id, content: 'hi', id: '' }, 400, /id/],
      // PostgreSQL's text cannot hold U+0000: it was a 500 there
      [{ toContactId: b.id, content: 'a\u0000b' }, 400, 'Text may not contain the NUL character (U+0000).'],
      [{ toContactId: b.id, content: 'hi', extends: { note: '\u0000' } }, 400, 'Text may not contain the NUL character (U+0000).'],
    ];
    for (const [body, code, msg] of cases) {
      const res = await send(s, a.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(200);
      expect(res.body.code, JSON.stringify(body).slice(0, 80)).toBe(code);
      if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
      else expect(res.body.msg).toMatch(msg);
    }
    const malformed = await s.post('/enterprise/im/sendMessage', '{"id":', a.token);
    expect(malformed.body.code).toBe(400);
    expect(await countMessages()).toBe(before);
  });

  it('checks file messages: kind must match, voice at least 1 s, video at most 600 s, only files the sender may send', async () => {
    const db = s.built.ctx.db;
    const img = await seedFile(db, a.id, 'image');
    const voice = await seedFile(db, a.id, 'voice', 'v.webm');
    const video = await seedFile(db, a.id, 'video', 'clip.mp4');
    const doc = await seedFile(db, a.id, 'file', '报告.pdf');
    const carols = await seedFile(db, c.id, 'image');

    const image = await send(s, a.token, { toContactId: b.id, type: 'image', file_id: img, extends: { width: 640, height: 480, junk: 'x' } });
    expect(image.body.code).toBe(0);
    expect(image.body.data).toMatchObject({ type: 'image', content: 'f.png', extends: { width: 640, height: 480 } });
    expect(image.body.data.extends.junk).toBeUndefined();
    expect(image.body.data.file).toMatchObject({ id: img, name: 'f.png', size: 1234, mime: 'image/png', ext: 'png', url: expect.stringContaining(`/${img}`) });

    expect((await send(s, a.token, { toContactId: b.id, type: 'video', file_id: img, extends: { duration: 3 } })).body).toMatchObject({ code: 400, msg: errorText('messages.fileKind') });
    expect((await send(s, a.token, { toContactId: b.id, type: 'voice', file_id: voice, extends: { duration: 0.5 } })).body).toMatchObject({ code: 400, msg: 'The recording is too short' });
    expect((await send(s, a.token, { toContactId: b.id, type: 'voice', file_id: voice })).body).toMatchObject({ code: 400, msg: errorText('messages.durationNeeded') });
    const okVoice = await send(s, a.token, { toContactId: b.id, type: 'voice', file_id: voice, extends: { duration: 1 } });
    expect(okVoice.body.data.extends).toEqual({ duration: 1 });
    expect((await send(s, a.token, { toContactId: b.id, type: 'video', file_id: video, extends: { duration: 601 } })).body).toMatchObject({ code: 400, msg: 'Video cannot exceed 600 seconds' });
    expect((await send(s, a.token, { toContactId: b.id, type: 'video', file_id: video, extends: { duration: 600 } })).body.code).toBe(0);
    const file = await send(s, a.token, { toContactId: b.id, type: 'file', file_id: doc });
    expect(file.body.data).toMatchObject({ type: 'file', content: '报告.pdf', file: { name: '报告.pdf' } });
    // someone else's private file looks like a missing one
    expect((await send(s, a.token, { toContactId: b.id, type: 'image', file_id: carols })).body).toMatchObject({ code: 404, msg: 'That file does not exist.' });
  });

  it('sends an uploaded picture that the receiver can download and a stranger cannot', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'dot.png');
    const up = await s.raw('/common/upload/uploadFile', { method: 'POST', headers: { authorization: a.token }, body: form });
    const uploaded = (await up.json()) as { code: number; data: { file_id: number; kind: string } };
    expect(uploaded.code).toBe(0);
    expect(uploaded.data.kind).toBe('image');
    const sent = await send(s, a.token, { toContactId: b.id, type: 'image', file_id: uploaded.data.file_id });
    expect(sent.body.code).toBe(0);
    const list = await s.post('/enterprise/im/getMessageList', { toContactId: a.id, last_msg_id: sent.body.data.msg_id - 1 }, b.token);
    const mine = list.body.data.find((m: { msg_id: number }) => m.msg_id === sent.body.data.msg_id);
    expect(mine.file.url).toContain(`u=${b.id}`);
    const got = await s.raw(mine.file.url, {});
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
    const strangerUrl = fileUrlFor(s.built.ctx, uploaded.data.file_id, c.id);
    const denied = await s.raw(strangerUrl, {});
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { msg: string }).msg).toBe('You do not have access to this file.');
  });

  it('checks locations and cards', async () => {
    const loc = await send(s, a.token, { toContactId: b.id, type: 'location', extends: { lat: 31.23, lng: 121.47, name: '外滩', address: 'Shanghai' } });
    expect(loc.body.data).toMatchObject({ type: 'location', content: '外滩', extends: { lat: 31.23, lng: 121.47, name: '外滩', address: 'Shanghai' } });
    const asJson = await send(s, a.token, { toContactId: b.id, type: 'location', content: JSON.stringify({ lat: -10, lng: 20 }) });
    expect(asJson.body.data.extends).toMatchObject({ lat: -10, lng: 20 });
    for (const bad of [{ lat: 91, lng: 0 }, { lat: 0, lng: 181 }, { lat: 'x', lng: 1 }, {}]) {
      expect((await send(s, a.token, { toContactId: b.id, type: 'location', extends: bad })).body).toMatchObject({ code: 400, msg: errorText('messages.location') });
    }

    const card = await send(s, a.token, { toContactId: b.id, type: 'contact', content: { kind: 'user', id: c.id } });
    expect(card.body.data).toMatchObject({ type: 'contact', content: c.nickname, extends: { kind: 'user', id: c.id, displayName: c.nickname } });
    expect((await send(s, a.token, { toContactId: b.id, type: 'contact', extends: { kind: 'user', id: 999_999 } })).body.code).toBe(404);
    expect((await send(s, a.token, { toContactId: b.id, type: 'contact', extends: { kind: 'planet', id: 1 } })).body).toMatchObject({ code: 400, msg: errorText('messages.card') });
    const gid = await seedGroup(s.built.ctx.db, a.id, [b.id], {}, 'Card group');
    const other = await seedGroup(s.built.ctx.db, c.id, [], {}, 'Secret group');
    const gcard = await send(s, a.token, { toContactId: b.id, type: 'contact', extends: { kind: 'group', id: `group-${gid}` } });
    expect(gcard.body.data.extends).toMatchObject({ kind: 'group', id: gid, contactId: `group-${gid}`, displayName: 'Card group' });
    // a group I am not in cannot be shared (its name would leak)
    expect((await send(s, a.token, { toContactId: b.id, type: 'contact', extends: { kind: 'group', id: other } })).body.code).toBe(404);
  });

  it('refuses private chat when the system disables it, with the spec message; groups and self chat still work', async () => {
    const watcher = await sock(a);
    const admin = systemService(s.built.ctx.db, s.built.ctx.config, { info: () => {} });
    await admin.set('disablePrivateChat', 'true');
    try {
      await watcher.next('updateConfig', 10_000);
      const res = await send(s, a.token, { toContactId: b.id, content: 'hi' });
      expect(res.body).toMatchObject({ code: 403, msg: 'Private chat has been disabled by the system' });
      expect((await send(s, a.token, { toContactId: a.id, content: 'self' })).body.code).toBe(0);
      const gid = await seedGroup(s.built.ctx.db, a.id, [b.id]);
      expect((await send(s, a.token, { toContactId: `group-${gid}`, is_group: 1, content: 'group ok' })).body.code).toBe(0);
    } finally {
      await admin.set('disablePrivateChat', 'false');
      await watcher.next('updateConfig', 10_000);
    }
    expect((await send(s, a.token, { toContactId: b.id, content: 'back' })).body.code).toBe(0);
  });
});

describe.each(backends)('sendMessage in groups (%s)', (backend) => {
  let s: TestServer;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let gid: number;
  const { sock, closeAll: closeSockets } = socketPool(() => s.wsUrl);
  const say = (u: TestUser, content: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    send(s, u.token, { toContactId: `group-${gid}`, is_group: 1, content, ...extra }, headers);

  beforeAll(async () => {
    s = await startServer(backend);
    owner = await s.user('Owner');
    admin = await s.user('Admin');
    member = await s.user('Member');
    outsider = await s.user('Outsider');
    gid = await seedGroup(s.built.ctx.db, owner.id, [admin.id, member.id]);
    await setMember(s.built.ctx.db, gid, admin.id, { role: 2 });
  });
  afterAll(async () => {
    closeSockets();
    await s.close();
  });

  it('stores one row and pushes `group` to every member and the sender’s other device, not the sending socket', async () => {
    const ownerWs = await sock(owner);
    const adminWs = await sock(admin);
    const memberSending = await sock(member);
    const memberOther = await sock(member);
    const outsiderWs = await sock(outsider);
    const res = await say(member, 'hello group', { at: [owner.id, outsider.id] }, { clientid: memberSending.clientId });
    expect(res.body.code).toBe(0);
    const m = res.body.data;
    expect(m).toMatchObject({ toContactId: `group-${gid}`, is_group: 1, content: 'hello group', at: [owner.id] });
    const rows = await s.built.ctx.db.selectFrom('messages').select('msg_id').where('conv_key', '=', `g:${gid}`).execute();
    expect(rows).toHaveLength(1);
    for (const ws of [ownerWs, adminWs, memberOther]) expect((await ws.next('group')).data).toEqual(m);
    await say(owner, 'second');
    expect((await memberSending.next('group')).data.content).toBe('second');
    expect(memberSending.frames.filter((f) => f.type === 'group' && f.data.msg_id === m.msg_id)).toHaveLength(0);
    expect(outsiderWs.frames.filter((f) => f.type === 'group')).toHaveLength(0);
  });

  it('mentions: members only; everyone (0) only by the owner and admins', async () => {
    expect((await say(member, '@all', { at: [0] })).body).toMatchObject({ code: 403, msg: errorText('messages.atEveryone') });
    const ok = await say(admin, '@all', { at: [0, 0] });
    expect(ok.body.data.at).toEqual([0]);
  });

  it('refuses a non-member and a dissolved group', async () => {
    expect((await say(outsider, 'let me in')).body).toMatchObject({ code: 403, msg: errorText('groups.notMember') });
    const gone = await seedGroup(s.built.ctx.db, owner.id, [member.id]);
    await s.built.ctx.db.updateTable('groups').set({ removed_at: Date.now() }).where('id', '=', gone).execute();
    const res = await send(s, member.token, { toContactId: `group-${gone}`, is_group: 1, content: 'anyone?' });
    expect(res.body).toMatchObject({ code: 403, msg: errorText('groups.gone') });
  });

  it('obeys the mute modes and a member mute until a time, which expires', async () => {
    const db = s.built.ctx.db;
    await setGroupSetting(db, gid, { nospeak: 1 });
    expect((await say(member, 'muted?')).body).toMatchObject({ code: 403, msg: errorText('messages.muteAll') });
    expect((await say(admin, 'admins speak')).body.code).toBe(0);
    expect((await say(owner, 'owner speaks')).body.code).toBe(0);

    await setGroupSetting(db, gid, { nospeak: 2 });
    expect((await say(admin, 'admin?')).body).toMatchObject({ code: 403, msg: errorText('messages.ownerOnly') });
    expect((await say(member, 'member?')).body.code).toBe(403);
    expect((await say(owner, 'only me')).body.code).toBe(0);

    await setGroupSetting(db, gid, { nospeak: 0 });
    await setMember(db, gid, member.id, { mute_until: Date.now() + 3_600_000 });
    const muted = await say(member, 'still muted');
    expect(muted.body.code).toBe(403);
    expect(muted.body.msg).toMatch(/^You are muted in this group until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    await setMember(db, gid, member.id, { mute_until: Date.now() - 1000 });
    expect((await say(member, 'free again')).body.code).toBe(0);
  });
});
