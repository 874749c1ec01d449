import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, send } from '../testing/index.ts';
import { backends, boundSocket, startServer, type TestServer, type TestUser } from '../testing/harness.ts';
import { backupSqlite } from './backup.ts';
import { PER_HANDLE_METRICS } from './metrics.ts';

/** A figure of the Prometheus text (the first sample of that name, labels ignored). */
function figure(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').at(-1)) : Number.NaN;
}

describe.each(backends)('operations endpoints (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;

  beforeAll(async () => {
    s = await startServer(backend, { metricsToken: 'metrics-token-0123456789' });
    a = await s.user('Alice');
    b = await s.user('Bob');
    await befriend(s.built.ctx.db, a.id, b.id);
  });
  afterAll(() => s.close());

  it('answers /healthz and /readyz', async () => {
    const health = await s.raw('/healthz', {});
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await s.raw('/readyz', {});
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('counts sockets, bound users, pushes, send latency, database time and event-loop lag on /metrics', async () => {
    expect((await s.raw('/metrics', {})).status).toBe(401);
    const ws = await boundSocket(s.wsUrl, b.token);
    for (let i = 0; i < 3; i++) expect((await send(s, a.token, { toContactId: b.id, content: `m${i}` })).body.code).toBe(0);
    for (let i = 0; i < 3; i++) await ws.next('simple');
    // sends over the socket count as sends too, and as socket calls by outcome
    const wsA = await boundSocket(s.wsUrl, a.token);
    expect((await wsA.call('sendMessage', { id: 'over-socket', toContactId: b.id, is_group: 0, type: 'text', content: 'm3' })).code).toBe(0);
    expect((await wsA.call('sendMessage', { id: 'bad id!', toContactId: b.id, is_group: 0, type: 'text', content: 'm4' })).code).not.toBe(0);
    const res = await s.raw('/metrics', { headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(figure(text, 'parley_sockets')).toBe(2);
    expect(figure(text, 'parley_bound_users')).toBe(2);
    expect(figure(text, 'parley_pushes_total')).toBeGreaterThanOrEqual(3);
    expect(figure(text, 'parley_send_message_seconds_count')).toBe(5);
    expect(figure(text, 'parley_socket_call_seconds_count{name="sendMessage",outcome="ok"}')).toBe(1);
    expect(figure(text, 'parley_socket_call_seconds_count{name="sendMessage",outcome="refused"}')).toBe(1);
    expect(figure(text, 'parley_db_query_seconds_count')).toBeGreaterThan(0);
    expect(figure(text, 'parley_http_request_seconds_count')).toBeGreaterThan(0);
    expect(figure(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(figure(text, 'parley_eventloop_busy_max_seconds')).toBeGreaterThanOrEqual(0);
    // nothing that walks every socket at each scrape
    for (const name of PER_HANDLE_METRICS) expect(figure(text, name)).toBeNaN();
    expect(figure(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    ws.close();
    wsA.close();
  });
});

describe('readiness without a database, graceful shutdown and backup (sqlite)', () => {
  it('says not ready when the database is gone', async () => {
    const s = await startServer('sqlite');
    try {
      await s.built.db.close();
      const ready = await s.raw('/readyz', {});
      expect(ready.status).toBe(503);
      expect((await s.raw('/healthz', {})).status).toBe(200);
    } finally {
      await s.built.app.close();
    }
  });

  it('on shutdown tells sockets to reconnect (1012) and finishes the requests in flight', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-shutdown-'));
    const s = await startServer('sqlite', { env: { DATA_DIR: dataDir } });
    const a = await s.user('Alice');
    const b = await s.user('Bob');
    await befriend(s.built.ctx.db, a.id, b.id);
    const ws = await boundSocket(s.wsUrl, b.token);

    const outcomes: ({ ok: true; id: string } | { ok: false; status?: number })[] = [];
    let firstAnswer: () => void = () => undefined;
    const answered = new Promise<void>((r) => {
      firstAnswer = r;
    });
    const sends = Array.from({ length: 40 }, async () => {
      const id = randomUUID();
      try {
        const res = await send(s, a.token, { id, toContactId: b.id, content: 'in flight' });
        outcomes.push(res.body.code === 0 ? { ok: true, id } : { ok: false, status: res.status });
      } catch {
        outcomes.push({ ok: false }); // not accepted: the server had stopped listening
      }
      firstAnswer();
    });
    await answered;
    const closing = s.built.close();
    expect((await ws.closed).code).toBe(1012);
    await closing;
    await Promise.all(sends);
    expect(outcomes).toHaveLength(40);
    // nothing half-done: every request accepted got its answer, and every code 0 is stored
    const stored = new SqliteDatabase(path.join(dataDir, 'parley.sqlite'), { readonly: true });
    const ids = new Set((stored.prepare("select id from messages where content = 'in flight'").all() as { id: string }[]).map((r) => r.id));
    stored.close();
    const ok = outcomes.filter((o) => o.ok);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const o of ok) expect(ids.has(o.id)).toBe(true);
    for (const o of outcomes) if (!o.ok && o.status !== undefined) expect(o.status).toBe(503);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('backs up the SQLite file while the server writes, and refuses to overwrite a file', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-backup-'));
    const s = await startServer('sqlite', { env: { DATA_DIR: dataDir } });
    try {
      const a = await s.user('Alice');
      const b = await s.user('Bob');
      await befriend(s.built.ctx.db, a.id, b.id);
      const writing = Array.from({ length: 30 }, (_, i) => send(s, a.token, { toContactId: b.id, content: `w${i}` }));
      const target = path.join(dataDir, 'copy.sqlite');
      const { pages } = await backupSqlite(s.built.ctx.config, target);
      await Promise.all(writing);
      expect(pages).toBeGreaterThan(0);
      const copy = new SqliteDatabase(target, { readonly: true });
      const users = copy.prepare('select count(*) as n from users').get() as { n: number };
      const integrity = copy.pragma('integrity_check', { simple: true });
      copy.close();
      expect(users.n).toBe(2);
      expect(integrity).toBe('ok');
      await expect(backupSqlite(s.built.ctx.config, target)).rejects.toThrow(/exists already/);
    } finally {
      await s.close();
    }
  });
});
