import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, dropSchema, migrate, openDatabase } from './index.ts';

/** `onQuery` (the /metrics query histogram) hears every statement, run once or again, read or write, without Kysely's query log. */
describe.each([
  ['SQLite', undefined],
  ['PostgreSQL', process.env.TEST_DATABASE_URL],
] as const)('query timing on %s', (_name, databaseUrl) => {
  const heard: number[] = [];
  let handle: DbHandle;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-timing-'));
  const wanted = _name === 'SQLite' || databaseUrl !== undefined;

  beforeAll(async () => {
    if (!wanted) return;
    handle = await openDatabase({ dataDir, databaseUrl, databaseSchema: databaseUrl ? schema : undefined }, { onQuery: (ms) => heard.push(ms) });
    await migrate(handle);
  });
  afterAll(async () => {
    if (!wanted) return;
    if (databaseUrl) await dropSchema(handle, schema);
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.runIf(wanted)('each statement is heard once, with its duration', async () => {
    const readFriends = (id: number) => handle.db.selectFrom('friends').select('friend_id').where('user_id', '=', id).execute();
    heard.length = 0;
    await handle.db.insertInto('friends').values({ user_id: 1, friend_id: 2, nickname: '', created_at: 0 }).execute();
    for (const id of [1, 2, 1]) await readFriends(id);
    await expect(sql`select * from no_such_table`.execute(handle.db)).rejects.toThrow();
    // the insert and three reads; PostgreSQL also times the failed statement (SQLite fails to prepare it)
    expect(heard.length).toBe(databaseUrl ? 5 : 4);
    for (const ms of heard) expect(ms).toBeGreaterThanOrEqual(0);
  });
});
