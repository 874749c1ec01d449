import { Writable } from 'node:stream';
import { RATE_LIMITS } from '@parley/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backends, startServer, type TestServer } from '../testing/harness.ts';

describe.each(backends)('per-caller rate limits and load shedding (%s)', (backend) => {
  let s: TestServer | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it('every rate-limited path is a real route', async () => {
    s = await startServer(backend, { rateLimitScale: 1 });
    const server = s;
    for (const limit of Object.values(RATE_LIMITS)) {
      for (const path of limit.paths) expect(server.built.app.hasRoute({ method: 'POST', url: path }), path).toBe(true);
    }
  });

  it('a signed-in user past the search budget is refused with a key; another user is not', async () => {
    s = await startServer(backend, { rateLimitScale: 1 });
    const server = s;
    const [a, b] = [await s.user(), await s.user()];
    const { max } = RATE_LIMITS.search;
    const answers = await Promise.all(
      Array.from({ length: max }, () => server.post('/enterprise/im/searchMessages', { keywords: 'hello' }, a.token)),
    );
    expect(answers.every((r) => r.body.code === 0)).toBe(true);
    const over = await s.post('/enterprise/im/searchMessages', { keywords: 'hello' }, a.token);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 400, data: null, key: 'security.rateLimited' });
    expect(over.body.msg).toMatch(/Wait \d+ seconds/);
    // the same user with another session shares the budget: it is counted per user
    const again = await s.post('/common/pub/login', { account: a.account, password: a.password });
    const other = await s.post('/enterprise/im/searchMessages', { keywords: 'x' }, again.body.data.authToken);
    expect(other.status).toBe(429);
    expect((await s.post('/enterprise/im/searchMessages', { keywords: 'hello' }, b.token)).body.code).toBe(0);
  });

  it('registration is counted per address', async () => {
    s = await startServer(backend, { rateLimitScale: 0.25, trustProxy: true });
    const max = Math.ceil(RATE_LIMITS.register.max * 0.25);
    const reg = (i: number, ip: string) =>
      s?.post(
        '/common/pub/register',
        { account: `rl_${ip.replaceAll('.', '')}_${i}`, nickname: 'R', password: 'Tq8#nv2w', repassword: 'Tq8#nv2w' },
        undefined,
        { 'x-forwarded-for': ip },
      );
    for (let i = 0; i < max; i++) expect((await reg(i, '10.7.0.1'))?.body.code).toBe(0);
    const over = await reg(max, '10.7.0.1');
    expect(over?.status).toBe(429);
    expect(over?.body.key).toBe('security.rateLimited');
    expect((await reg(0, '10.7.0.2'))?.body.code).toBe(0);
  });

  it('answers 503 with the envelope while the event loop lags', async () => {
    s = await startServer(backend, { maxEventLoopDelayMs: 40 });
    const statuses: { status: number; key?: string; get: number }[] = [];
    for (let i = 0; i < 10 && !statuses.some((a) => a.status === 503); i++) {
      const until = Date.now() + 200;
      while (Date.now() < until) {
        // hold the event loop, as a long synchronous query would
      }
      const [res, get] = await Promise.all([
        s.raw('/common/pub/getSystemInfo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
        s.raw('/healthz', {}),
      ]);
      const body = await res.json();
      statuses.push({ status: res.status, key: body.key, get: get.status });
    }
    // the API call is shed; a GET in the same moment (a file, a health check) still answers
    expect(statuses).toContainEqual({ status: 503, key: 'security.busy', get: 200 });
    // and answers again once the loop is free (polled: a busy test machine lags too)
    await vi.waitFor(async () => expect((await s?.post('/common/pub/getSystemInfo'))?.status).toBe(200), { timeout: 10_000, interval: 200 });
  });
});

describe('what the server writes to its log', () => {
  it('never writes signed file links or tokens', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const s = await startServer('sqlite', { logLevel: 'info', logStream });
    try {
      await s.raw('/common/upload/file/1?u=1&exp=0&sig=SECRETSIGNATURE123', {});
      await s.raw('/common/pub/getSystemInfo?token=SECRETTOKEN456&authToken=SECRET789', { method: 'POST' });
      const log = lines.join('');
      expect(log).toContain('/common/upload/file/1?u=1&exp=0&sig=[redacted]');
      expect(log).not.toMatch(/SECRETSIGNATURE123|SECRETTOKEN456|SECRET789/);
    } finally {
      await s.close();
    }
  });
});
