import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeEngines, fakeTranslation, sendVoice, startFakeEngines } from '../../testing/fakeEngines.ts';
import { backends, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend, send } from '../../testing/fixtures.ts';

const TRANSLATE = '/enterprise/im/translateMessage';
const TRANSCRIBE = '/enterprise/im/transcribeVoice';

describe.each(backends)('translate and voice to text through host-run engines (%s)', (backend) => {
  let engines: FakeEngines;
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  let stranger: TestUser;
  let textId: number;
  let voiceId: number;

  beforeAll(async () => {
    engines = await startFakeEngines();
    s = await startServer(backend, {
      env: {
        TRANSLATE_URL: engines.url,
        TRANSLATE_API_KEY: 'libre-key',
        TRANSCRIBE_URL: engines.url,
        TRANSCRIBE_API_KEY: 'whisper-key',
        TRANSCRIBE_MODEL: 'ggml-base',
        ENGINE_TIMEOUT_MS: '400',
        ENGINE_RATE_PER_MINUTE: '12',
      },
    });
    [a, b, stranger] = [await s.user('A'), await s.user('B'), await s.user('C')];
    await befriend(s.built.ctx.db, a.id, b.id);
    const text = await send(s, a.token, { toContactId: b.id, content: 'Good morning' });
    textId = text.body.data.msg_id;
    voiceId = await sendVoice(s.url, a.token, b.id, randomUUID());
  });
  afterAll(async () => {
    await s.close();
    await engines.close();
  });

  it('getSystemInfo says both features are on', async () => {
    const res = await s.post('/common/pub/getSystemInfo');
    expect(res.body.data.features).toEqual({ translate: true, transcribe: true });
  });

  it('translates a message into the reader language once; the second call comes from the cache', async () => {
    engines.mode = 'ok';
    const before = engines.calls.translate;
    const first = await s.post(TRANSLATE, { msg_id: textId, lang: 'fr' }, b.token);
    expect(first.body).toMatchObject({ code: 0, data: { msg_id: textId, lang: 'fr', text: fakeTranslation('Good morning', 'fr') } });
    expect(engines.last.translate).toEqual({ q: 'Good morning', source: 'auto', target: 'fr', format: 'text', api_key: 'libre-key' });
    const second = await s.post(TRANSLATE, { msg_id: textId, lang: 'fr' }, a.token);
    expect(second.body.data.text).toBe(fakeTranslation('Good morning', 'fr'));
    expect(engines.calls.translate).toBe(before + 1);
    // another language is another engine call; Traditional Chinese is LibreTranslate's 'zt'
    const zt = await s.post(TRANSLATE, { msg_id: textId, lang: 'zh-Hant' }, b.token);
    expect(zt.body.data.text).toBe(fakeTranslation('Good morning', 'zt'));
    expect(engines.calls.translate).toBe(before + 2);
  });

  it('converts a voice message to text once; the second call comes from the cache', async () => {
    engines.mode = 'ok';
    const before = engines.calls.transcribe;
    const first = await s.post(TRANSCRIBE, { msg_id: voiceId }, b.token);
    expect(first.body).toMatchObject({ code: 0, data: { msg_id: voiceId, text: 'hello from the voice engine' } });
    expect(engines.last.transcribe).toMatchObject({ model: 'ggml-base', fileName: 'rec.webm' });
    expect(engines.last.transcribe?.fileBytes).toBeGreaterThan(0);
    const second = await s.post(TRANSCRIBE, { msg_id: voiceId }, b.token);
    expect(second.body.data.text).toBe('hello from the voice engine');
    expect(engines.calls.transcribe).toBe(before + 1);
  });

  it("an engine error and a timeout each give the spec's message, and nothing is cached", async () => {
    const fresh = (await send(s, a.token, { toContactId: b.id, content: 'See you later' })).body.data.msg_id;
    const voice = await sendVoice(s.url, a.token, b.id, randomUUID());
    for (const mode of ['error', 'hang'] as const) {
      engines.mode = mode;
      const started = Date.now();
      const t = await s.post(TRANSLATE, { msg_id: fresh, lang: 'ja' }, b.token);
      expect(t.body).toMatchObject({ code: 502, msg: 'Translation failed', key: 'translate.translateFailed', data: null });
      const v = await s.post(TRANSCRIBE, { msg_id: voice }, b.token);
      expect(v.body).toMatchObject({ code: 502, msg: 'Text conversion failed, try again', key: 'translate.transcribeFailed', data: null });
      // the configured 400 ms timeout holds the request no longer than that (plus slack on a busy machine)
      expect(Date.now() - started).toBeLessThan(8_000);
    }
    engines.mode = 'ok';
    const ok = await s.post(TRANSLATE, { msg_id: fresh, lang: 'ja' }, b.token);
    expect(ok.body.data.text).toBe(fakeTranslation('See you later', 'ja'));
  });

  it("a stranger cannot translate or transcribe someone else's message, nor tell it exists", async () => {
    engines.mode = 'ok';
    const before = { ...engines.calls };
    const t = await s.post(TRANSLATE, { msg_id: textId, lang: 'en' }, stranger.token);
    expect(t.body).toMatchObject({ code: 404, data: null });
    const v = await s.post(TRANSCRIBE, { msg_id: voiceId }, stranger.token);
    expect(v.body).toMatchObject({ code: 404, data: null });
    expect((await s.post(TRANSLATE, { msg_id: 99_999_999, lang: 'en' }, stranger.token)).body.msg).toBe(t.body.msg);
    expect(engines.calls).toEqual(before);
    expect((await s.post(TRANSLATE, { msg_id: textId, lang: 'en' })).status).toBe(401);
  });

  it('refuses the wrong kind of message and bad bodies with a 400', async () => {
    expect((await s.post(TRANSLATE, { msg_id: voiceId, lang: 'en' }, b.token)).body).toMatchObject({ code: 400, key: 'translate.notText' });
    expect((await s.post(TRANSCRIBE, { msg_id: textId }, b.token)).body).toMatchObject({ code: 400, key: 'translate.notVoice' });
    expect((await s.post(TRANSLATE, { msg_id: textId, lang: 'xx' }, b.token)).body.code).toBe(400);
    expect((await s.post(TRANSLATE, { msg_id: 'abc', lang: 'en' }, b.token)).body.code).toBe(400);
    expect((await s.post(TRANSCRIBE, {}, b.token)).body.code).toBe(400);
  });

  it('limits each user per minute', async () => {
    const heavy = await s.user('Heavy');
    await befriend(s.built.ctx.db, a.id, heavy.id);
    const msg = (await send(s, a.token, { toContactId: heavy.id, content: 'ping' })).body.data.msg_id;
    const codes: number[] = [];
    for (let i = 0; i < 13; i++) codes.push((await s.post(TRANSLATE, { msg_id: msg, lang: 'en' }, heavy.token)).body.code);
    expect(codes.slice(0, 12).every((c) => c === 0)).toBe(true);
    const refused = await s.post(TRANSLATE, { msg_id: msg, lang: 'en' }, heavy.token);
    expect(refused.body).toMatchObject({ code: 400, key: 'translate.tooMany' });
    // another user is not affected
    expect((await s.post(TRANSLATE, { msg_id: msg, lang: 'en' }, a.token)).body.code).toBe(0);
  });
});

describe.each(backends)('without engines configured (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(() => s.close());

  it('the endpoints refuse and getSystemInfo says the features are off', async () => {
    const [a, b] = [await s.user(), await s.user()];
    await befriend(s.built.ctx.db, a.id, b.id);
    const msg = (await send(s, a.token, { toContactId: b.id, content: 'hi' })).body.data.msg_id;
    expect((await s.post('/common/pub/getSystemInfo')).body.data.features).toEqual({ translate: false, transcribe: false });
    expect((await s.post(TRANSLATE, { msg_id: msg, lang: 'en' }, b.token)).body).toMatchObject({ code: 403, key: 'translate.translateOff' });
    expect((await s.post(TRANSCRIBE, { msg_id: msg }, b.token)).body).toMatchObject({ code: 403, key: 'translate.transcribeOff' });
  });
});
