import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, dropSchema, migrate, openDatabase } from './index.ts';
import { preparable } from './prepared.ts';

describe('which statements are prepared', () => {
  it('parameterized statements are; EXPLAIN and keyword searches (plans that depend on the pattern) are not', () => {
    expect(preparable('select "id" from "users" where "id" = $1')).toBe(true);
    expect(preparable('explain (format json) select 1 where $1')).toBe(false);
    expect(preparable("select 1 from messages m where lower(m.content) like $12 escape '\\'")).toBe(false);
    // a mention filter's LIKE has no pattern from a user: its plan is the same for every value
    expect(preparable('select count(*) from messages m where m."at" like $3')).toBe(true);
    expect(preparable('select "likes_count" from t where id = $1')).toBe(true);
  });
});

/** On PostgreSQL a statement sent again runs as a named statement of its connection, with each run's own parameters. */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections: settings and prepared statements', () => {
  let handle: DbHandle;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-prepared-'));
  beforeAll(async () => {
    handle = await openDatabase({ dataDir, databaseUrl: process.env.TEST_DATABASE_URL, databaseSchema: schema });
    await migrate(handle);
    await handle.db
      .insertInto('friends')
      .values([
        { user_id: 1, friend_id: 2, nickname: 'two', created_at: 0 },
        { user_id: 2, friend_id: 1, nickname: 'one', created_at: 0 },
      ])
      .execute();
  });
  afterAll(async () => {
    await dropSchema(handle, schema);
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('connections run without JIT compilation (it cost more than the chat list statement at 10M messages)', async () => {
    const { rows } = await sql<{ jit: string }>`show jit`.execute(handle.db);
    expect(rows[0].jit).toBe('off');
  });

  it('answers each run with its own parameters, and is prepared on the connection from its second run', async () => {
    await handle.db.connection().execute(async (conn) => {
      const friendOf = (id: number) => conn.selectFrom('friends').select('friend_id').where('user_id', '=', id).where('created_at', '>=', 0).execute();
      const prepared = async () =>
        Number(
          (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like '%"created_at" >= %'`.execute(conn)).rows[0].n,
        );
      expect(await friendOf(1)).toEqual([{ friend_id: 2 }]);
      expect(await prepared()).toBe(0);
      expect(await friendOf(2)).toEqual([{ friend_id: 1 }]);
      expect(await prepared()).toBe(1);
      expect(await friendOf(3)).toEqual([]);
      expect(await friendOf(1)).toEqual([{ friend_id: 2 }]);
      expect(await prepared()).toBe(1);
    });
  });
});
