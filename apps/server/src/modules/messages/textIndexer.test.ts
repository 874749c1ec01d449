import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend, send } from '../../testing/index.ts';
import { indexedUpTo } from './searchIndex.ts';
import { startTextIndexer } from './textIndexer.ts';
import { ftsQuery } from './textSearch.ts';
import { sqliteFiles } from '../../db/searchFile.ts';

/** SQLite's text index is written by a worker thread into its own file (db/searchFile.ts). */
let s: TestServer;
let a: TestUser;
let b: TestUser;

beforeAll(async () => {
  s = await startServer('sqlite', { env: { SEARCH_INDEX_INTERVAL_MS: '50' } });
  [a, b] = [await s.user('Ann'), await s.user('Bo')];
  await befriend(s.built.ctx.db, a.id, b.id);
});
afterAll(() => s?.close());

const textProgress = async () =>
  Number((await sql<{ upto: number }>`select indexed_upto as upto from search.text_progress where id = 1`.execute(s.built.ctx.db)).rows[0]?.upto);

it('a running server indexes new messages into the search file (its worker) and their gram bits (its event loop)', async () => {
  const db = s.built.ctx.db;
  const sent = await send(s, a.token, { toContactId: b.id, content: 'a walk by the lighthouse' });
  const msgId = Number(sent.body.data.msg_id);
  await vi.waitFor(async () => expect(await indexedUpTo(db)).toBeGreaterThanOrEqual(msgId), { timeout: 20_000, interval: 50 });
  expect(await textProgress()).toBeGreaterThanOrEqual(msgId);
  const { rows } = await sql<{ rowid: number }>`select rowid from search.messages_fts where messages_fts match ${ftsQuery('lighthouse')}`.execute(db);
  expect(rows.map((r) => Number(r.rowid))).toEqual([msgId]);
  const found = await s.post('/enterprise/im/searchMessages', { keywords: 'lighthouse' }, b.token);
  expect(JSON.stringify(found.body.data)).toContain('a walk by the lighthouse');
});

it('a second indexer on the same file (a seed beside the worker) waits its turn: every message is indexed once', async () => {
  const db = s.built.ctx.db;
  const extra = startTextIndexer(sqliteFiles(s.built.ctx.config.dataDir), 5, (error) => {
    throw new Error(error);
  });
  try {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(Number((await send(s, b.token, { toContactId: a.id, content: `harbour note ${i}` })).body.data.msg_id));
    await vi.waitFor(async () => expect(await textProgress()).toBeGreaterThanOrEqual(Math.max(...ids)), { timeout: 20_000, interval: 50 });
    const { rows } = await sql<{ rowid: number }>`select rowid from search.messages_fts where messages_fts match ${ftsQuery('harbour note')} order by rowid`.execute(db);
    expect(rows.map((r) => Number(r.rowid))).toEqual(ids);
    await sql`insert into search.messages_fts(messages_fts) values ('integrity-check')`.execute(db);
  } finally {
    await extra.close();
  }
});
