import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../http/envelope.ts';
import { backends, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { fileForSending, fileUrlFor, signedFileUrl } from './files.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
/** The EBML header of a WebM file (what MediaRecorder writes), padded. */
const WEBM = (() => {
  const body = Buffer.from([
    0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0xf2, 0x81, 4, 0x42, 0xf3, 0x81, 8, 0x42, 0x82, 0x84,
    ...Buffer.from('webm'), 0x42, 0x87, 0x81, 4, 0x42, 0x85, 0x81, 2,
  ]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.alloc(64)]);
})();
const TEXT = Buffer.from('hello, this is a plain text note\n'.repeat(4));

/** `data` of an upload answer (avatar and emoji answers carry only file_id and url). */
interface Answer {
  file_id: number;
  url: string;
  name: string;
  size: number;
  mime: string;
  ext: string;
  kind: string;
}

interface Part {
  bytes: Uint8Array<ArrayBuffer>;
  name: string;
  type?: string;
}

async function upload(
  s: TestServer,
  endpoint: string,
  token: string | undefined,
  file: Part | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await s.raw(endpoint, {
    method: 'POST',
    headers: token ? { authorization: token } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: Answer } };
}

async function download(s: TestServer, url: string, headers: Record<string, string> = {}) {
  const res = await s.raw(url, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = () => JSON.parse(bytes.toString('utf8')) as { code: number; msg: string; data: unknown };
  return { res, bytes, json };
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

function plainUrl(id: number): string {
  return `/common/upload/file/${id}`;
}

describe.each(backends)('uploads (%s)', (backend) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const uploadsDir = () => path.join(s.built.ctx.config.dataDir, 'uploads');

  beforeAll(async () => {
    s = await startServer(backend);
    alice = await s.user('Alice');
    bob = await s.user('Bob');
    carol = await s.user('Carol');
  });
  afterAll(() => s.close());

  async function sendRow(convKey: string, from: number, toContact: string, fileId: number, extra = {}) {
    const row = await s.built.ctx.db
      .insertInto('messages')
      .values({
        id: randomUUID(),
        conv_key: convKey,
        from_user: from,
        to_contact: toContact,
        is_group: convKey.startsWith('g:') ? 1 : 0,
        type: 'file',
        content: '',
        at: '[]',
        extends: '{}',
        file_id: fileId,
        send_time: Math.floor(Date.now() / 1000),
        is_undo: 0,
        ...extra,
      })
      .returning('msg_id')
      .executeTakeFirstOrThrow();
    return Number(row.msg_id);
  }

  async function makeGroup(ownerId: number, members: { id: number; joinedMsgId?: number }[], setting = '{}') {
    const db = s.built.ctx.db;
    const g = await db
      .insertInto('groups')
      .values({ name: 'G', owner_id: ownerId, avatar: '', notice: '', notice_at: 0, setting, created_at: Date.now(), removed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gid = Number(g.id);
    await db
      .insertInto('group_members')
      .values(
        [{ id: ownerId }, ...members].map((m, i) => ({
          group_id: gid,
          user_id: m.id,
          role: i === 0 ? 1 : 3,
          joined_at: Date.now(),
          joined_msg_id: m.joinedMsgId ?? 0,
          mute_until: 0,
        })),
      )
      .execute();
    return gid;
  }

  it('stores a PNG typed from its bytes, under uploads/<yyyy>/<mm>/, with its row', async () => {
    const up = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: PNG, name: 'dot.png', type: 'text/plain' });
    expect(up.status).toBe(200);
    expect(up.body.code).toBe(0);
    expect(up.body.data).toMatchObject({ name: 'dot.png', size: PNG.length, mime: 'image/png', ext: 'png', kind: 'image' });
    expect(up.body.data.file_id).toBeGreaterThan(0);
    expect(up.body.data.url).toMatch(new RegExp(`^/common/upload/file/${up.body.data.file_id}\\?u=${alice.id}&exp=\\d+&sig=`));

    const row = await s.built.ctx.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', up.body.data.file_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_id: alice.id, kind: 'image', name: 'dot.png', mime: 'image/png', ext: 'png' });
    expect(Number(row.size)).toBe(PNG.length);
    const now = new Date();
    const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(row.path).toMatch(new RegExp(`^${folder}/[0-9a-f]{32}\\.png$`));
    expect(fs.readFileSync(path.join(uploadsDir(), row.path))).toEqual(PNG);
  });

  it('takes a text file as a file with application/octet-stream, and a .png that is really text too', async () => {
    const txt = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: TEXT, name: 'notes.txt', type: 'text/plain' });
    expect(txt.body.code).toBe(0);
    expect(txt.body.data).toMatchObject({ kind: 'file', mime: 'application/octet-stream', ext: 'txt', size: TEXT.length });

    const fake = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: TEXT, name: 'fake.png', type: 'image/png' }, { kind: 'image' });
    expect(fake.body.code).toBe(0);
    expect(fake.body.data).toMatchObject({ kind: 'file', mime: 'application/octet-stream', ext: 'bin', name: 'fake.png' });
    const row = await s.built.ctx.db.selectFrom('uploads').select('path').where('id', '=', fake.body.data.file_id).executeTakeFirstOrThrow();
    expect(row.path.endsWith('.bin')).toBe(true);
  });

  it('cleans the stored name: no folders, no control or bidi characters, at most 255 characters', async () => {
    const sneaky = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: TEXT, name: '../../etc/evil\u202egpj.exe' });
    expect(sneaky.body.data.name).toBe('evilgpj.exe');
    const long = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: TEXT, name: `${'长'.repeat(300)}.txt` });
    expect(long.body.code).toBe(0);
    expect([...long.body.data.name].length).toBe(255);
    expect(long.body.data.name.endsWith('.txt')).toBe(true);
  });

  it('the voice hint claims a WebM recording as voice; without it WebM is a video; a "file" hint makes a file card', async () => {
    const voice = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: WEBM, name: 'rec.webm' }, { kind: 'voice' });
    expect(voice.body.data).toMatchObject({ kind: 'voice', mime: 'audio/webm', ext: 'webm' });
    const video = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: WEBM, name: 'clip.webm' });
    expect(video.body.data).toMatchObject({ kind: 'video', mime: 'video/webm' });
    const asFile = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: PNG, name: 'p.png' }, { kind: 'file' });
    expect(asFile.body.data).toMatchObject({ kind: 'file', mime: 'image/png' });
  });

  it('the uploader downloads with the header: type, inline name, nosniff, private cache', async () => {
    const up = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: PNG, name: '照片 1.png' });
    const id = up.body.data.file_id;
    const { res, bytes } = await download(s, plainUrl(id), { authorization: alice.token });
    expect(res.status).toBe(200);
    expect(bytes).toEqual(PNG);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toMatch(/^private/);
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="__ 1.png"; filename*=UTF-8''${encodeURIComponent('照片 1.png')}`,
    );
    // paths are case-insensitive
    const upper = await download(s, `/COMMON/Upload/FILE/${id}`, { authorization: alice.token });
    expect(upper.res.status).toBe(200);
  });

  it('non-media files (HTML, text) are always served as attachments', async () => {
    const html = await upload(s, '/common/upload/uploadFile', alice.token, {
      bytes: Buffer.from('<!doctype html><script>alert(1)</script>'),
      name: 'x.html',
      type: 'text/html',
    });
    const svg = await upload(s, '/common/upload/uploadFile', alice.token, {
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      name: 'x.svg',
      type: 'image/svg+xml',
    });
    for (const up of [html, svg]) {
      expect(up.body.data.mime).toBe('application/octet-stream');
      const { res } = await download(s, up.body.data.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    }
  });

  it('a stranger gets 403, an unknown id 404, no credentials 401 — each with the envelope', async () => {
    const up = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: PNG, name: 'private.png' });
    const id = up.body.data.file_id;
    const stranger = await download(s, plainUrl(id), { authorization: carol.token });
    expect(stranger.res.status).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 403, msg: expect.stringMatching(/access/), data: null });

    const unknown = await download(s, plainUrl(id + 100000), { authorization: alice.token });
    expect(unknown.res.status).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404 });
    expect((await download(s, '/common/upload/file/abc', { authorization: alice.token })).res.status).toBe(404);

    const none = await download(s, plainUrl(id));
    expect(none.res.status).toBe(401);
    expect(none.json().code).toBe(401);
    const forged = await download(s, plainUrl(id), { authorization: 'A'.repeat(32) });
    expect(forged.res.status).toBe(401);
    expect(forged.json().code).toBe(-1);
  });

  it('the other side of a private chat the file was sent in can read it; a recalled message grants nothing', async () => {
    const up = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: PNG, name: 'shared.png' });
    const id = up.body.data.file_id;
    expect((await download(s, plainUrl(id), { authorization: bob.token })).res.status).toBe(403);

    const [lo, hi] = alice.id < bob.id ? [alice.id, bob.id] : [bob.id, alice.id];
    await sendRow(`p:${lo}:${hi}`, alice.id, String(bob.id), id);
    const asBob = await download(s, plainUrl(id), { authorization: bob.token });
    expect(asBob.res.status).toBe(200);
    expect(asBob.bytes).toEqual(PNG);
    expect((await download(s, plainUrl(id), { authorization: carol.token })).res.status).toBe(403);

    const recalled = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: PNG, name: 'oops.png' });
    await sendRow(`p:${lo}:${hi}`, alice.id, String(bob.id), recalled.body.data.file_id, { is_undo: 1 });
    expect((await download(s, plainUrl(recalled.body.data.file_id), { authorization: bob.token })).res.status).toBe(403);
  });

  it('group members can read a file sent in the group; non-members cannot; hidden history is respected', async () => {
    const dave = await s.user('Dave');
    const erin = await s.user('Erin');
    const gid = await makeGroup(alice.id, [{ id: dave.id }]);
    const up = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: TEXT, name: 'minutes.txt' });
    const id = up.body.data.file_id;
    expect((await download(s, plainUrl(id), { authorization: dave.token })).res.status).toBe(403);
    const msgId = await sendRow(`g:${gid}`, alice.id, `group-${gid}`, id);
    const asDave = await download(s, plainUrl(id), { authorization: dave.token });
    expect(asDave.res.status).toBe(200);
    expect(asDave.bytes).toEqual(TEXT);
    expect((await download(s, plainUrl(id), { authorization: erin.token })).res.status).toBe(403);

    // a group that hides history from newcomers: a member who joined after the message cannot read it
    const hidden = await makeGroup(alice.id, [{ id: dave.id }, { id: erin.id, joinedMsgId: msgId + 1000 }], '{"history":0}');
    const up2 = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: TEXT, name: 'old.txt' });
    await sendRow(`g:${hidden}`, alice.id, `group-${hidden}`, up2.body.data.file_id);
    expect((await download(s, plainUrl(up2.body.data.file_id), { authorization: dave.token })).res.status).toBe(200);
    expect((await download(s, plainUrl(up2.body.data.file_id), { authorization: erin.token })).res.status).toBe(403);
  });

  it('a signed link works without the header; tampered, foreign or expired links are 403', async () => {
    const up = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: PNG, name: 'signed.png' });
    const id: number = up.body.data.file_id;
    const url: string = up.body.data.url;
    const ok = await download(s, url);
    expect(ok.res.status).toBe(200);
    expect(ok.bytes).toEqual(PNG);

    const sig = new URL(url, s.url).searchParams.get('sig') as string;
    const flipped = sig[0] === 'A' ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    const tampered = await download(s, url.replace(sig, flipped));
    expect(tampered.res.status).toBe(403);
    expect(tampered.json()).toMatchObject({ code: 403, msg: expect.stringMatching(/not valid/) });
    expect((await download(s, url.replace(`u=${alice.id}&`, `u=${carol.id}&`))).res.status).toBe(403);
    expect((await download(s, url.replace(`/file/${id}?`, `/file/${id + 1}?`))).res.status).toBe(403);
    expect((await download(s, url.replace(/exp=\d+/, 'exp=0'))).res.status).toBe(403);
    expect((await download(s, `${plainUrl(id)}?sig=x`)).res.status).toBe(403);

    const secret = s.built.ctx.secret;
    const expired = await download(s, signedFileUrl(secret, id, alice.id, -7200));
    expect(expired.res.status).toBe(403);
    expect(expired.json().msg).toMatch(/expired/);

    // a genuine link made for someone without access still does not open the file
    expect((await download(s, signedFileUrl(secret, id, carol.id))).res.status).toBe(403);
    expect((await download(s, fileUrlFor(s.built.ctx, id, alice.id))).res.status).toBe(200);
    // the same viewer gets the same link within the hour (browser caches hit)
    expect(fileUrlFor(s.built.ctx, id, alice.id)).toBe(fileUrlFor(s.built.ctx, id, alice.id));
  });

  it('answers a single byte range with 206 and the right bytes', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const up = await upload(s, '/common/upload/uploadFile', alice.token, { bytes, name: 'data.bin' });
    const url = up.body.data.url;
    const mid = await download(s, url, { range: 'bytes=100-199' });
    expect(mid.res.status).toBe(206);
    expect(mid.res.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(mid.res.headers.get('content-length')).toBe('100');
    expect(mid.bytes).toEqual(bytes.subarray(100, 200));

    const open = await download(s, url, { range: 'bytes=990-' });
    expect(open.res.status).toBe(206);
    expect(open.bytes).toEqual(bytes.subarray(990));
    const suffix = await download(s, url, { range: 'bytes=-5' });
    expect(suffix.bytes).toEqual(bytes.subarray(995));
    const past = await download(s, url, { range: 'bytes=5000-' });
    expect(past.res.status).toBe(416);
    expect(past.res.headers.get('content-range')).toBe('bytes */1000');
    const whole = await download(s, url, { range: 'bytes=0-1,5-6' });
    expect(whole.res.status).toBe(200);
    expect(whole.bytes).toEqual(bytes);
  });

  it('uploads without a token are HTTP 401; a forged token is -1', async () => {
    const none = await upload(s, '/common/upload/uploadFile', undefined, { bytes: PNG, name: 'a.png' });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(401);
    for (const p of ['/common/upload/uploadAvatar', '/common/upload/uploadEmoji']) {
      expect((await upload(s, p, undefined, { bytes: PNG, name: 'a.png' })).status).toBe(401);
    }
    const forged = await upload(s, '/common/upload/uploadFile', 'A'.repeat(32), { bytes: PNG, name: 'a.png' });
    expect(forged.body.code).toBe(-1);
  });

  it('bad multipart bodies are 400 with a clear message, never 500', async () => {
    const before = filesUnder(uploadsDir()).length;
    const noFile = await upload(s, '/common/upload/uploadFile', alice.token, null, { kind: 'image' });
    expect(noFile.status).toBe(200);
    expect(noFile.body).toMatchObject({ code: 400, msg: expect.stringMatching(/"file" field/) });

    const wrongField = new FormData();
    wrongField.append('upload', new Blob([PNG]), 'a.png');
    const wf = await s.raw('/common/upload/uploadFile', { method: 'POST', headers: { authorization: alice.token }, body: wrongField });
    expect((await wf.json()).code).toBe(400);

    const json = await s.post('/common/upload/uploadFile', { file: 'abc' }, alice.token);
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ code: 400, msg: expect.stringMatching(/multipart\/form-data/) });
    const plain = await s.raw('/common/upload/uploadAvatar', {
      method: 'POST',
      headers: { authorization: alice.token, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect((await plain.json()).code).toBe(400);
    const garbage = await s.raw('/common/upload/uploadFile', {
      method: 'POST',
      headers: { authorization: alice.token, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: 'this is not a multipart body at all',
    });
    expect(garbage.status).toBeLessThan(500);
    expect((await garbage.json()).code).toBe(400);
    const cut = await s.raw('/common/upload/uploadFile', {
      method: 'POST',
      headers: { authorization: alice.token, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nunfinished',
    });
    expect(cut.status).toBeLessThan(500);
    expect((await cut.json()).code).toBe(400);
    const cutBig = await s.raw('/common/upload/uploadFile', {
      method: 'POST',
      headers: { authorization: alice.token, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: `--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n${'x'.repeat(3_000_000)}`,
    });
    expect((await cutBig.json()).code).toBe(400);
    const twoFiles = new FormData();
    twoFiles.append('file', new Blob([PNG]), 'a.png');
    twoFiles.append('file', new Blob([PNG]), 'b.png');
    const two = await s.raw('/common/upload/uploadFile', { method: 'POST', headers: { authorization: alice.token }, body: twoFiles });
    expect((await two.json()).code).toBe(400);
    const empty = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: new Uint8Array(0), name: 'empty.txt' });
    expect(empty.body).toMatchObject({ code: 400, msg: 'The file is empty.' });
    expect(filesUnder(uploadsDir()).length).toBe(before);
  });

  it('avatar: refuses a non-image (by its bytes), takes a PNG, sets users.avatar; anyone signed in can read it', async () => {
    const avatarOf = async (id: number) =>
      (await s.built.ctx.db.selectFrom('users').select('avatar').where('id', '=', id).executeTakeFirstOrThrow()).avatar;
    const before = filesUnder(uploadsDir()).length;
    const text = await upload(s, '/common/upload/uploadAvatar', bob.token, { bytes: TEXT, name: 'me.png', type: 'image/png' });
    expect(text.body).toMatchObject({ code: 400, msg: expect.stringMatching(/JPEG, PNG, WebP or GIF/) });
    const webm = await upload(s, '/common/upload/uploadAvatar', bob.token, { bytes: WEBM, name: 'me.webm' });
    expect(webm.body.code).toBe(400);
    expect(filesUnder(uploadsDir()).length).toBe(before);
    expect(await avatarOf(bob.id)).toBe('');

    const ok = await upload(s, '/common/upload/uploadAvatar', bob.token, { bytes: PNG, name: 'me.png' });
    expect(ok.body.code).toBe(0);
    expect(Object.keys(ok.body.data).sort()).toEqual(['file_id', 'url']);
    expect(await avatarOf(bob.id)).toBe(ok.body.data.url);
    const row = await s.built.ctx.db.selectFrom('uploads').select('kind').where('id', '=', ok.body.data.file_id).executeTakeFirstOrThrow();
    expect(row.kind).toBe('avatar');

    // the stored link keeps working (no expiry) without a header, and with anyone's header
    const viaLink = await download(s, ok.body.data.url);
    expect(viaLink.res.status).toBe(200);
    expect(viaLink.bytes).toEqual(PNG);
    expect((await download(s, plainUrl(ok.body.data.file_id), { authorization: carol.token })).res.status).toBe(200);
    expect((await download(s, plainUrl(ok.body.data.file_id))).res.status).toBe(401);
  });

  it('emoji: images only, at most 2 MB; readable by any signed-in user', async () => {
    const gif = await upload(s, '/common/upload/uploadEmoji', alice.token, { bytes: GIF, name: 'wave.gif' });
    expect(gif.body.code).toBe(0);
    expect((await download(s, plainUrl(gif.body.data.file_id), { authorization: carol.token })).res.status).toBe(200);
    const text = await upload(s, '/common/upload/uploadEmoji', alice.token, { bytes: TEXT, name: 'wave.gif' });
    expect(text.body.code).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const before = filesUnder(uploadsDir()).length;
    const tooBig = await upload(s, '/common/upload/uploadEmoji', alice.token, { bytes: big, name: 'big.png' });
    expect(tooBig.body).toMatchObject({ code: 400, msg: 'The file is larger than the 2 MB limit' });
    expect(filesUnder(uploadsDir()).length).toBe(before);
  });

  it('fileForSending: the uploader and readers may send it; others and unknown ids get 404', async () => {
    const up = await upload(s, '/common/upload/uploadFile', alice.token, { bytes: PNG, name: 'fwd.png' });
    const id = up.body.data.file_id;
    const ctx = s.built.ctx;
    const mine = await fileForSending(ctx, alice.id, id);
    expect(mine).toMatchObject({ id, kind: 'image', name: 'fwd.png', size: PNG.length, mime: 'image/png', ext: 'png' });
    expect(mine.url).toContain(`u=${alice.id}`);

    await expect(fileForSending(ctx, carol.id, id)).rejects.toMatchObject({ code: 404, message: 'That file does not exist' });
    await expect(fileForSending(ctx, alice.id, id + 100000)).rejects.toBeInstanceOf(ApiError);
    await expect(fileForSending(ctx, alice.id, -1)).rejects.toMatchObject({ code: 404 });

    const [lo, hi] = alice.id < carol.id ? [alice.id, carol.id] : [carol.id, alice.id];
    await sendRow(`p:${lo}:${hi}`, alice.id, String(carol.id), id);
    const forwarded = await fileForSending(ctx, carol.id, id);
    expect(forwarded.url).toContain(`u=${carol.id}`);
  });
});

describe.each(backends)('upload size limit (%s)', (backend) => {
  let s: TestServer;
  let u: TestUser;
  beforeAll(async () => {
    s = await startServer(backend, { uploadMaxBytes: 1024 });
    u = await s.user('Limited');
  });
  afterAll(() => s.close());

  it('refuses a file over UPLOAD_MAX_BYTES with a clear message and leaves nothing behind', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(200 * 1024)]);
    const res = await upload(s, '/common/upload/uploadFile', u.token, { bytes: big, name: 'big.png' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 400, msg: 'The file is larger than the 1 KB limit', data: null });
    expect(filesUnder(path.join(s.built.ctx.config.dataDir, 'uploads'))).toEqual([]);
    const rows = await s.built.ctx.db.selectFrom('uploads').select('id').execute();
    expect(rows).toEqual([]);

    // exactly at the limit is fine; the server keeps serving
    const exact = await upload(s, '/common/upload/uploadFile', u.token, { bytes: Buffer.alloc(1024, 7), name: 'k.bin' });
    expect(exact.body.code).toBe(0);
    expect(exact.body.data.size).toBe(1024);
    // avatars are capped by the operator's limit too
    const avatar = await upload(s, '/common/upload/uploadAvatar', u.token, { bytes: Buffer.concat([PNG, Buffer.alloc(2048)]), name: 'a.png' });
    expect(avatar.body.msg).toBe('The file is larger than the 1 KB limit');
  });

  it('a client that hangs up mid-upload leaves no file behind and the server keeps serving', async () => {
    const dir = path.join(s.built.ctx.config.dataDir, 'uploads');
    const before = filesUnder(dir);
    const { port } = new URL(s.url);
    const req = http.request({
      host: '127.0.0.1',
      port: Number(port),
      method: 'POST',
      path: '/common/upload/uploadFile',
      headers: { authorization: u.token, 'content-type': 'multipart/form-data; boundary=XYZ', 'content-length': 2000 },
    });
    req.on('error', () => {});
    const closed = new Promise((resolve) => req.on('close', resolve));
    req.write('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n');
    req.write('x'.repeat(500));
    const partFiles = () => filesUnder(dir).filter((f) => f.endsWith('.part'));
    await vi.waitFor(() => expect(partFiles()).toHaveLength(1), { timeout: 5000 });
    req.destroy();
    await closed;
    await vi.waitFor(() => expect(partFiles()).toEqual([]), { timeout: 5000 });
    expect(filesUnder(dir)).toEqual(before);
    const ok = await upload(s, '/common/upload/uploadFile', u.token, { bytes: PNG, name: 'after.png' });
    expect(ok.body.code).toBe(0);
  });
});
