import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend, send } from '../../testing/index.ts';

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * On PostgreSQL a search holds a pooled connection only as long as SEARCH_TIMEOUT_MS: a
 * statement that waits or runs longer is cancelled and the search refused with a stable key. Here
 * the statement is made to wait on a lock another connection holds (no timing involved).
 */
// (skipped, not absent, without PostgreSQL: a file without a suite fails the run)
describe.runIf(pgUrl)('a search reaching its statement timeout (postgres)', () => {
  const url = pgUrl ?? '';
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;

  beforeAll(async () => {
    s = await startServer('postgres', { env: { SEARCH_TIMEOUT_MS: '200' } });
    [a, b] = [await s.user('Ann'), await s.user('Bo')];
    await befriend(s.built.ctx.db, a.id, b.id);
    expect((await send(s, b.token, { toContactId: a.id, content: 'apple pie' })).body.code).toBe(0);
  });
  afterAll(() => s.close());

  it('is refused with messages.searchTooLong, and frees its connection', async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`lock table "${s.built.ctx.config.databaseSchema}".messages in access exclusive mode`);
      const refused = await s.post('/enterprise/im/searchMessages', { keywords: 'apple pie' }, a.token);
      expect(refused.body).toMatchObject({ code: 400, key: 'messages.searchTooLong', data: null });
      await other.query('rollback');
    } finally {
      await other.end();
    }
    const answered = await s.post('/enterprise/im/searchMessages', { keywords: 'apple pie' }, a.token);
    expect(answered.body.code).toBe(0);
    expect(answered.body.data.flatMap((h: { messages: { content: string }[] }) => h.messages.map((m) => m.content))).toEqual(['apple pie']);
  });
});
