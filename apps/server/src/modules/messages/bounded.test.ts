import { FORWARD_MAX_WRITES, SEARCH_SHORT_KEYWORD_WINDOW } from '@parley/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { privateConvKey } from '@parley/protocol';
import { befriend, send } from '../../testing/index.ts';
import { indexAll } from './searchIndex.ts';
import { ftsQuery } from './textSearch.ts';

/** What one call may cost: forwards are capped, search runs on an index (or a bounded window). */
describe.each(backends)('bounded work per call (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    s = await startServer(backend);
    a = await s.user('Ann');
    b = await s.user('Ben');
    await befriend(s.built.ctx.db, a.id, b.id);
  });
  afterAll(() => s.close());

  const count = async () =>
    Number((await s.built.ctx.db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('one forward writes at most FORWARD_MAX_WRITES messages (messages × chats); a merged forward counts one per chat', async () => {
    const friends = [];
    for (let i = 0; i < 9; i++) {
      const f = await s.user('F');
      await befriend(s.built.ctx.db, a.id, f.id);
      friends.push(f.id);
    }
    const ids: number[] = [];
    const perTarget = Math.floor(FORWARD_MAX_WRITES / 9) + 1;
    for (let i = 0; i < perTarget; i++) ids.push((await send(s, a.token, { toContactId: b.id, content: `m${i}` })).body.data.msg_id);
    const before = await count();
    const tooMany = await s.post('/enterprise/im/forwardMessage', { msg_ids: ids, user_ids: friends }, a.token);
    expect(tooMany.body).toMatchObject({ code: 400, key: 'security.forwardTooMany', params: { max: FORWARD_MAX_WRITES } });
    expect(await count()).toBe(before);
    const merged = await s.post('/enterprise/im/forwardMessage', { msg_ids: ids, user_ids: friends, merge: 1 }, a.token);
    expect(merged.body.code).toBe(0);
    expect(await count()).toBe(before + 9);
  });

  it('message text is indexed for search (SQLite: after the commit), and a recalled message is found no more', async () => {
    const sent = await send(s, a.token, { toContactId: b.id, content: '周末一起去爬山 Hiking' });
    const found = await s.post('/enterprise/im/searchMessages', { keywords: '去爬山' }, b.token);
    expect(found.body.data.flatMap((h: { messages: { content: string }[] }) => h.messages.map((m) => m.content))).toEqual([
      '周末一起去爬山 Hiking',
    ]);
    if (backend === 'sqlite') {
      const hits = async (keywords: string) =>
        (await sql<{ n: number }>`select count(*) as n from messages_fts where messages_fts match ${ftsQuery(keywords)}`.execute(s.built.ctx.db))
          .rows[0].n;
      // the index takes new messages in batches after their commit (search read it directly meanwhile)
      await indexAll(s.built.ctx.db);
      expect(await hits('hiking')).toBe(1);
      expect((await s.post('/enterprise/im/undoMessage', { id: sent.body.data.msg_id }, a.token)).body.code).toBe(0);
      // the index is only added to: search checks each candidate's text, which a recall empties
      expect(await hits('hiking')).toBe(1);
      expect((await s.post('/enterprise/im/searchMessages', { keywords: '去爬山' }, b.token)).body.data).toEqual([]);
    } else {
      const index = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'messages_content_trgm'`.execute(
        s.built.ctx.db,
      );
      expect(index.rows[0]?.indexdef).toMatch(/gin \(lower\(content\) public\.gin_trgm_ops\)/);
    }
  });

  it('a keyword too short for the index searches the newest messages only; a longer one finds any', async () => {
    const c = await s.user('Cat');
    await befriend(s.built.ctx.db, b.id, c.id);
    const old = await send(s, c.token, { toContactId: b.id, content: '很久以前的旧消息 ancient' });
    const key = privateConvKey(b.id, c.id);
    const rows = Array.from({ length: SEARCH_SHORT_KEYWORD_WINDOW }, (_, i) => ({
      id: `bulk-${i}`,
      conv_key: key,
      from_user: c.id,
      to_contact: String(b.id),
      is_group: 0,
      type: 'text',
      content: `filler ${i}`,
      at: '[]',
      extends: '{}',
      file_id: null,
      is_undo: 0,
      send_time: Date.now(),
    }));
    for (let i = 0; i < rows.length; i += 500) await s.built.ctx.db.insertInto('messages').values(rows.slice(i, i + 500)).execute();
    const list = (keywords: string) => s.post('/enterprise/im/getMessageList', { toContactId: c.id, keywords }, b.token);
    const search = (keywords: string) => s.post('/enterprise/im/searchMessages', { keywords }, b.token);
    expect((await list('ancient')).body.data.map((m: { msg_id: number }) => m.msg_id)).toEqual([old.body.data.msg_id]);
    expect((await search('旧消息')).body.data).toHaveLength(1);
    expect((await list('旧消')).body.data).toEqual([]);
    expect((await search('旧消')).body.data).toEqual([]);
    // a short keyword still finds recent messages
    await send(s, c.token, { toContactId: b.id, content: '新消息' });
    expect((await list('新消')).body.data).toHaveLength(1);
  });
});
