import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { privateConvKey } from '@parley/protocol';
import SqliteDatabase from 'better-sqlite3';
import { build } from 'esbuild';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { forEachGramBit, GRAM_BITS, holdsBits, keywordBits } from '../../db/convGrams.ts';
import { startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend, send } from '../../testing/index.ts';
import { indexedUpTo } from './searchIndex.ts';
import { startTextIndexer } from './textIndexer.ts';
import { ftsQuery } from './textSearch.ts';
import { attachSearchFile, indexSearchBatch, SEARCH_INDEX_SQL, sqliteFiles } from '../../db/searchFile.ts';

/** SQLite's search index (text and gram bits) is written by a worker thread into its own file (db/searchFile.ts). */
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

const gramBitsOf = async (convKey: string) =>
  (await sql<{ bits: Uint8Array }>`select bits from search.conv_gram_bits where conv_key = ${convKey}`.execute(s.built.ctx.db)).rows[0]?.bits ?? null;

it('a running server indexes new messages into the search file, text and gram bits, on its worker', async () => {
  const db = s.built.ctx.db;
  const sent = await send(s, a.token, { toContactId: b.id, content: 'a walk by the lighthouse' });
  const msgId = Number(sent.body.data.msg_id);
  await vi.waitFor(async () => expect(await indexedUpTo(db)).toBeGreaterThanOrEqual(msgId), { timeout: 20_000, interval: 50 });
  expect(await textProgress()).toBeGreaterThanOrEqual(msgId);
  const { rows } = await sql<{ rowid: number }>`select rowid from search.messages_fts where messages_fts match ${ftsQuery('lighthouse')}`.execute(db);
  expect(rows.map((r) => Number(r.rowid))).toEqual([msgId]);
  expect(holdsBits(await gramBitsOf(privateConvKey(a.id, b.id)), keywordBits('lighthouse'))).toBe(true);
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

/**
 * The worker runs `indexSearchBatch` and `forEachGramBit` from their source text, so neither may name
 * anything outside itself: each is rebuilt from its text alone (as the tests run it, and as
 * `npm start`'s minified bundle has it) and indexes a database of its own.
 */
it('the batch the worker runs works from its source text alone, as tests and the minified bundle have it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-worker-src-'));
  try {
    const entry = path.join(dir, 'entry.ts');
    const db = (rel: string) => JSON.stringify(path.resolve(import.meta.dirname, '../../db', rel));
    fs.writeFileSync(entry, `export { indexSearchBatch } from ${db('searchFile.ts')};\nexport { forEachGramBit } from ${db('convGrams.ts')};\n`);
    await build({ entryPoints: [entry], outfile: path.join(dir, 'bundle.mjs'), bundle: true, minify: true, format: 'esm', platform: 'node', external: ['better-sqlite3', 'kysely'], logLevel: 'silent' });
    const bundled = await import(pathToFileURL(path.join(dir, 'bundle.mjs')).href);
    for (const [k, made] of [
      ['as the tests have it', { indexSearchBatch, forEachGramBit }],
      ['minified', bundled],
    ] as const) {
      const fromText = <F>(fn: F): F => new Function(`return (${String(fn)});`)();
      const file = new SqliteDatabase(path.join(dir, `${k.length}.sqlite`));
      try {
        file.exec('CREATE TABLE messages (msg_id integer PRIMARY KEY, conv_key text NOT NULL, content text NOT NULL)');
        attachSearchFile(file, path.join(dir, `${k.length}-search.sqlite`));
        const insert = file.prepare('INSERT INTO messages (conv_key, content) VALUES (?, ?)');
        for (let i = 0; i < 5; i++) insert.run(i % 2 ? 'p:1:2' : 'p:1:3', `Harbour note ${i}`);
        const batch = fromText(made.indexSearchBatch as typeof indexSearchBatch);
        expect(batch(file, SEARCH_INDEX_SQL, 3, fromText(made.forEachGramBit as typeof forEachGramBit), GRAM_BITS / 8), k).toBe(3);
        expect(batch(file, SEARCH_INDEX_SQL, 3, fromText(made.forEachGramBit as typeof forEachGramBit), GRAM_BITS / 8), k).toBe(2);
        const bits = (key: string) => (file.prepare('SELECT bits FROM search.conv_gram_bits WHERE conv_key = ?').get(key) as { bits: Uint8Array }).bits;
        expect(holdsBits(bits('p:1:2'), keywordBits('harbour note')), k).toBe(true);
        expect(holdsBits(bits('p:1:3'), keywordBits('harbour note')), k).toBe(true);
        expect(holdsBits(bits('p:1:3'), keywordBits('lighthouse')), k).toBe(false);
        expect(file.prepare("SELECT count(*) AS n FROM search.messages_fts WHERE messages_fts MATCH 'arb'").get(), k).toEqual({ n: 5 });
      } finally {
        file.close();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
