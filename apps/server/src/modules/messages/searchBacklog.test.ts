import { privateConvKey } from '@parley/protocol';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsBits, keywordBits } from '../../db/convGrams.ts';
import { attachSearchFile, resetStaleSearchFile, sqliteFiles } from '../../db/searchFile.ts';
import { startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend, send } from '../../testing/index.ts';
import { conversationsStore } from '../conversations/store.ts';
import { type SearchTuning, searchMatchIds } from './searchIds.ts';
import { indexAll, indexBacklog, indexedUpTo } from './searchIndex.ts';
import { messagesStore } from './store.ts';
import { ftsQuery } from './textSearch.ts';

/**
 * SQLite indexes new messages for search in batches after their commit. Until a message is indexed,
 * search reads it directly: every way of searching answers the same as once everything is indexed,
 * with the same rules (recalled, deleted for me, cleared, not my chat).
 */
describe('search before the index has the newest messages (sqlite)', () => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  /** every message sent: what Ann should find */
  const sent: { msg_id: number; conv_key: string; content: string }[] = [];
  const hidden = new Set<number>();
  let clearedAt = 0;

  const ways: [string, Partial<SearchTuning>][] = [
    ['led by the text index', { fewMatches: Number.MAX_SAFE_INTEGER }],
    ['in windows of my chats', { fewMatches: -1, firstWindow: 5, windowGrowth: 2, windows: Number.MAX_SAFE_INTEGER }],
    ['windows, then the rest at once', { fewMatches: -1, firstWindow: 5, windowGrowth: 2, windows: 1 }],
    ['in slices only', { fewMatches: -1, windows: 0, sliceIds: 7 }],
    ['as tuned', {}],
  ];

  async function say(from: TestUser, to: TestUser, content: string) {
    const res = await send(s, from.token, { toContactId: to.id, content });
    expect(res.body.code).toBe(0);
    const msgId = Number(res.body.data.msg_id);
    sent.push({ msg_id: msgId, conv_key: privateConvKey(from.id, to.id), content });
    return msgId;
  }

  beforeAll(async () => {
    // no background indexing: the test decides what is indexed
    s = await startServer('sqlite', { env: { SEARCH_INDEX_INTERVAL_MS: '0' } });
    const db = s.built.ctx.db;
    [a, b, c] = [await s.user('Ann'), await s.user('Bo'), await s.user('Cy')];
    await befriend(db, a.id, b.id);
    await befriend(db, a.id, c.id);
    await befriend(db, b.id, c.id);
    // older messages, indexed; then newer ones the index does not have
    const message = (i: number) => {
      const other = i % 3 ? b : c;
      const text = i % 4 === 0 || i % 5 === 0 ? `Apple pie ${i}` : `plain ${i}`;
      return i % 2 ? say(other, a, text) : say(a, other, text);
    };
    for (let i = 0; i < 30; i++) await message(i);
    await indexAll(db);
    const indexed = await indexedUpTo(db);
    for (let i = 30; i < 60; i++) await message(i);
    for (let i = 0; i < 6; i++) await say(b, c, `apple pie of others ${i}`);
    const unindexed = sent.filter((m) => m.msg_id > indexed && m.content.startsWith('Apple') && m.conv_key === privateConvKey(a.id, b.id));
    // recalled before it was indexed; deleted by Ann; Ann's chat with Cy cleared up to a not-yet-indexed message
    const recalled = unindexed[unindexed.length - 1].msg_id;
    await messagesStore.recall(db, { msgId: recalled, convKey: privateConvKey(a.id, b.id) });
    hidden.add(recalled);
    const deleted = unindexed[unindexed.length - 2].msg_id;
    await messagesStore.deleteFor(db, a.id, deleted);
    hidden.add(deleted);
    clearedAt = sent.filter((m) => m.conv_key === privateConvKey(a.id, c.id))[12].msg_id;
    await db.updateTable('conversations').set({ cleared_msg_id: clearedAt }).where('user_id', '=', a.id).where('contact_id', '=', String(c.id)).execute();
  });
  afterAll(() => s.close());

  function expected(): number[] {
    const ab = privateConvKey(a.id, b.id);
    const ac = privateConvKey(a.id, c.id);
    return sent
      .filter((m) => m.conv_key === ab || (m.conv_key === ac && m.msg_id > clearedAt))
      .filter((m) => m.content.toLowerCase().includes('apple pie') && !hidden.has(m.msg_id))
      .map((m) => m.msg_id)
      .sort((x, y) => y - x);
  }

  async function find(max: number, tuning: Partial<SearchTuning>, keywords = 'apple PIE') {
    const memberships = await conversationsStore.memberships(s.built.ctx.db, a.id);
    return (await searchMatchIds(s.built.ctx.db, 'sqlite', a.id, keywords, memberships, max, tuning)).map((m) => m.msg_id);
  }

  async function listed(contact: TestUser): Promise<number[]> {
    const res = await s.post('/enterprise/im/getMessageList', { toContactId: contact.id, is_group: 0, keywords: 'apple pie', limit: 100 }, a.token);
    expect(res.body.code).toBe(0);
    return res.body.data.map((m: { msg_id: number }) => m.msg_id);
  }

  it('finds the messages not yet indexed, by every way, as it does once they are', async () => {
    const db = s.built.ctx.db;
    const all = expected();
    const top = Math.max(...sent.map((m) => m.msg_id));
    expect(await indexedUpTo(db)).toBeLessThan(all[0]);
    expect(all.filter((id) => id > 0).length).toBeGreaterThan(10);
    const inChat = (key: string) => sent.filter((m) => m.conv_key === key).map((m) => m.msg_id);
    const byChat = {
      b: all.filter((id) => inChat(privateConvKey(a.id, b.id)).includes(id)).reverse(),
      c: all.filter((id) => inChat(privateConvKey(a.id, c.id)).includes(id)).reverse(),
    };
    for (const indexedNow of [false, true]) {
      for (const [, tuning] of ways) {
        for (const max of [1, 4, 1000]) expect(await find(max, tuning)).toEqual(all.slice(0, max));
      }
      expect(await listed(b)).toEqual(byChat.b);
      expect(await listed(c)).toEqual(byChat.c);
      const hits = await s.post('/enterprise/im/searchMessages', { keywords: 'apple pie' }, a.token);
      expect(hits.body.data.flatMap((h: { messages: { msg_id: number }[] }) => h.messages.map((m) => m.msg_id)).sort((x: number, y: number) => y - x)).toEqual(all);
      if (!indexedNow) {
        // a batch at a time, up to the newest message; the index then agrees with the table
        expect(await indexBacklog(db, 7)).toBe(7);
        await indexAll(db);
        expect(await indexedUpTo(db)).toBe(top);
      }
    }
    await sql`insert into search.messages_fts(messages_fts) values ('integrity-check')`.execute(db);
  });

  it("a chat's new word is found before its grams are indexed, and by them once they are", async () => {
    const db = s.built.ctx.db;
    await indexAll(db);
    const ac = privateConvKey(a.id, c.id);
    const mine = [await say(a, c, 'Mango lassi one'), await say(c, a, 'mango LASSI two')].reverse();
    await say(b, c, 'mango lassi of others');
    const grams = async () => {
      const { rows } = await sql<{ bits: Uint8Array }>`select bits from search.conv_gram_bits where conv_key = ${ac}`.execute(db);
      return holdsBits(rows[0]?.bits ?? null, keywordBits('mango lassi'));
    };
    expect(await grams()).toBe(false);
    for (const indexedNow of [false, true]) {
      for (const [, tuning] of ways) {
        expect(await find(1000, tuning, 'mango lassi')).toEqual(mine);
        expect(await find(1000, { ...tuning, byGrams: false }, 'mango lassi')).toEqual(mine);
      }
      if (!indexedNow) await indexAll(db);
    }
    expect(await grams()).toBe(true);
  });

  it('a search that has run past its time is refused between slices (a clock 60 ms on at each look)', async () => {
    let clock = 0;
    const now = () => (clock += 60);
    const slices = { fewMatches: -1, windows: 0, sliceIds: 3, timeoutMs: 100, now };
    await expect(find(1000, slices)).rejects.toMatchObject({ key: 'messages.searchTooLong' });
    clock = 0;
    // the same search in one slice: no second look at the clock
    expect(await find(1000, { ...slices, sliceIds: 1_000_000 })).toEqual(expected());
  });

  it('a message removed before it was indexed leaves the index consistent', async () => {
    const db = s.built.ctx.db;
    const id = await say(a, b, 'apple pie to be removed');
    await db.deleteFrom('messages').where('msg_id', '=', id).execute();
    const next = await say(a, b, 'apple pie kept');
    await indexAll(db);
    expect(await indexedUpTo(db)).toBe(next);
    await sql`insert into search.messages_fts(messages_fts) values ('integrity-check')`.execute(db);
    const found = await find(2, {});
    expect(found).toEqual([next, ...expected().filter((x) => x !== id && x !== next).slice(0, 1)]);
  });
  it('the index lives in its own file, and one ahead of its database (restored from an older backup) starts over and answers the same', async () => {
    const db = s.built.ctx.db;
    await indexAll(db);
    const { rows: old } = await sql<{ name: string }>`select name from main.sqlite_master where name in ('messages_fts', 'conv_gram_bits', 'search_progress')`.execute(db);
    expect(old).toEqual([]);
    const bitRows = async () => Number((await sql<{ n: number }>`select count(*) as n from search.conv_gram_bits`.execute(db)).rows[0]?.n);
    expect(await bitRows()).toBe(3);
    const held = async (keywords: string) =>
      (await sql<{ rowid: number }>`select rowid from search.messages_fts where messages_fts match ${ftsQuery(keywords)} order by rowid`.execute(db)).rows.map((r) => Number(r.rowid));
    const before = await held('apple pie');
    expect(before.length).toBeGreaterThan(3);
    const answered = await s.post('/enterprise/im/searchMessages', { keywords: 'apple pie' }, a.token);
    // the search file as a newer database left it: its index claims msg_ids this database has not given yet
    const files = sqliteFiles(s.built.ctx.config.dataDir);
    const other = new SqliteDatabase(files.main);
    try {
      attachSearchFile(other, files.search);
      other.prepare('update search.text_progress set indexed_upto = indexed_upto + 1000 where id = 1').run();
      resetStaleSearchFile(other);
    } finally {
      other.close();
    }
    expect(await held('apple pie')).toEqual([]);
    expect(await bitRows()).toBe(0);
    const late = await say(b, a, 'apple pie, sent after');
    // until the index is rebuilt search reads every message directly, with the same answer
    const { rows: upto } = await sql<{ upto: number }>`select indexed_upto as upto from search.text_progress`.execute(db);
    expect(Number(upto[0]?.upto)).toBe(0);
    const meanwhile = await s.post('/enterprise/im/searchMessages', { keywords: 'apple pie' }, a.token);
    await indexAll(db);
    expect(await held('apple pie')).toEqual([...before, late]);
    expect(await bitRows()).toBe(3);
    await sql`insert into search.messages_fts(messages_fts) values ('integrity-check')`.execute(db);
    const after = await s.post('/enterprise/im/searchMessages', { keywords: 'apple pie' }, a.token);
    expect(after.body).toEqual(meanwhile.body);
    expect(JSON.stringify(after.body)).toContain('apple pie, sent after');
    expect(after.body.data.length).toBeGreaterThanOrEqual(answered.body.data.length);
  });
});
