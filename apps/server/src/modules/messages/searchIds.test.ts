import { groupContactId, groupConvKey, privateConvKey } from '@parley/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bitMask, GRAM_BITS, gramBit, holdsBits, keywordBits } from '../../db/convGrams.ts';
import { backends, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { seedGroup, setGroupSetting } from '../../testing/index.ts';
import { conversationsStore } from '../conversations/store.ts';
import { newConversationRow } from '../conversations/rows.ts';
import { intersectSorted, msgIdWindows, parseIds, type SearchTuning, searchMatchIds } from './searchIds.ts';
import { indexAll } from './searchIndex.ts';

/**
 * searchMatchIds answers the same newest matches whichever way it reads them: led by the text index
 * (few matches on the server), my chats in windows of msg_id, or (SQLite) my ids met with the
 * index's in memory; and never a message of a chat that is not mine or that I may not see.
 */
describe.each(backends)('search over windows of msg_id (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  let d: TestUser;
  /** every stored message: what each user should find */
  const stored: { msg_id: number; conv_key: string; content: string; type: string }[] = [];
  let hiddenGroup: number;
  let leftGroup: number;
  let joinedAt = 0;
  let clearedAt = 0;
  const deletedByA = new Set<number>();

  /** each way with only the chats holding the keyword's grams, and again reading every chat of mine */
  const ways: [string, Partial<SearchTuning>][] = (
    [
      ['led by the text index', { fewMatches: Number.MAX_SAFE_INTEGER }],
      ['in windows of my chats', { fewMatches: -1, firstWindow: 7, windowGrowth: 2, windows: Number.MAX_SAFE_INTEGER }],
      ['windows, then the rest at once', { fewMatches: -1, firstWindow: 7, windowGrowth: 2, windows: 1 }],
      ['windows, then the rest in slices', { fewMatches: -1, firstWindow: 7, windowGrowth: 2, windows: 1, sliceIds: 13 }],
      ['in slices only', { fewMatches: -1, windows: 0, sliceIds: 29 }],
      ['as tuned', {}],
    ] as [string, Partial<SearchTuning>][]
  ).flatMap(([name, tuning]) => [
    [name, tuning],
    [`${name}, every chat read`, { ...tuning, byGrams: false }],
  ]);

  beforeAll(async () => {
    // no background indexing: the test decides what is indexed
    s = await startServer(backend, { env: { SEARCH_INDEX_INTERVAL_MS: '0' } });
    const db = s.built.ctx.db;
    [a, b, c, d] = [await s.user('Ann'), await s.user('Bo'), await s.user('Cy'), await s.user('Di')];
    hiddenGroup = await seedGroup(db, b.id, [a.id, d.id]);
    leftGroup = await seedGroup(db, b.id, [a.id]);
    const chats = {
      ab: { key: privateConvKey(a.id, b.id), rows: [newConversationRow(a.id, String(b.id), privateConvKey(a.id, b.id)), newConversationRow(b.id, String(a.id), privateConvKey(a.id, b.id))] },
      ac: { key: privateConvKey(a.id, c.id), rows: [newConversationRow(a.id, String(c.id), privateConvKey(a.id, c.id)), newConversationRow(c.id, String(a.id), privateConvKey(a.id, c.id))] },
      // a chat without Ann
      bd: { key: privateConvKey(b.id, d.id), rows: [newConversationRow(b.id, String(d.id), privateConvKey(b.id, d.id)), newConversationRow(d.id, String(b.id), privateConvKey(b.id, d.id))] },
      hidden: { key: groupConvKey(hiddenGroup), rows: [a, b, d].map((u) => newConversationRow(u.id, groupContactId(hiddenGroup), groupConvKey(hiddenGroup))) },
      left: { key: groupConvKey(leftGroup), rows: [a, b].map((u) => newConversationRow(u.id, groupContactId(leftGroup), groupConvKey(leftGroup))) },
    };
    await db
      .insertInto('conversations')
      .values(Object.values(chats).flatMap((x) => x.rows))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const order = Object.values(chats);
    // 400 messages over the five chats; a third of them with the word, some of those files or images
    for (let i = 0; i < 400; i++) {
      const chat = order[i % order.length];
      const type = i % 7 === 0 ? 'image' : i % 11 === 0 ? 'file' : 'text';
      const content = i % 3 === 0 ? `Pineapple pie ${i}` : `plain ${i}`;
      const from = chat === chats.bd ? d.id : b.id;
      const [row] = await db
        .insertInto('messages')
        .values({ id: `w${i}`, conv_key: chat.key, from_user: from, to_contact: '0', is_group: chat.key.startsWith('g') ? 1 : 0, type, content, at: '[]', extends: '{}', file_id: null, send_time: Date.now(), is_undo: 0 })
        .returning('msg_id')
        .execute();
      stored.push({ msg_id: Number(row.msg_id), conv_key: chat.key, content, type });
      if (i === 150) joinedAt = Number(row.msg_id);
      if (i === 90) clearedAt = Number(row.msg_id);
    }
    // a word of two chats only: Ann's with Bo, and Bo's with Di (not Ann's, not Cy's)
    for (let i = 0; i < 40; i++) {
      const chat = i % 2 ? chats.ab : chats.bd;
      const content = `Kiwi TART ${i}`;
      const [row] = await db
        .insertInto('messages')
        .values({ id: `k${i}`, conv_key: chat.key, from_user: b.id, to_contact: '0', is_group: 0, type: 'text', content, at: '[]', extends: '{}', file_id: null, send_time: Date.now(), is_undo: 0 })
        .returning('msg_id')
        .execute();
      stored.push({ msg_id: Number(row.msg_id), conv_key: chat.key, content, type: 'text' });
    }
    await indexAll(db, backend);
    // Ann: joined the hidden group at message 150, cleared her chat with Cy up to message 90, left the other group,
    // deleted two matches for herself; one match is recalled
    await setGroupSetting(db, hiddenGroup, { history: 0 });
    await db.updateTable('group_members').set({ joined_msg_id: joinedAt }).where('group_id', '=', hiddenGroup).where('user_id', '=', a.id).execute();
    await db.updateTable('conversations').set({ cleared_msg_id: clearedAt }).where('user_id', '=', a.id).where('conv_key', '=', chats.ac.key).execute();
    await db.deleteFrom('group_members').where('group_id', '=', leftGroup).where('user_id', '=', a.id).execute();
    const abMatches = stored.filter((m) => m.conv_key === chats.ab.key && m.content.startsWith('Pine') && m.type === 'text');
    for (const m of [abMatches[3], abMatches[10]]) {
      await db.insertInto('message_deletions').values({ user_id: a.id, msg_id: m.msg_id }).execute();
      deletedByA.add(m.msg_id);
    }
    await db.updateTable('messages').set({ is_undo: 1 }).where('msg_id', '=', abMatches[5].msg_id).execute();
    abMatches[5].type = 'recalled';
  });
  afterAll(() => s.close());

  /** what `user` must find, newest first, computed from what was stored */
  function expected(user: TestUser, word = 'apple pie'): number[] {
    const mine = new Map<string, number>();
    if (user === a) {
      mine.set(privateConvKey(a.id, b.id), 0);
      mine.set(privateConvKey(a.id, c.id), clearedAt);
      mine.set(groupConvKey(hiddenGroup), joinedAt);
    } else if (user === d) {
      mine.set(privateConvKey(b.id, d.id), 0);
      mine.set(groupConvKey(hiddenGroup), 0);
    }
    return stored
      .filter((m) => mine.has(m.conv_key) && m.msg_id > (mine.get(m.conv_key) ?? 0))
      .filter((m) => m.content.toLowerCase().includes(word) && ['text', 'file'].includes(m.type))
      .filter((m) => user !== a || !deletedByA.has(m.msg_id))
      .map((m) => m.msg_id)
      .sort((x, y) => y - x);
  }

  async function find(user: TestUser, keywords: string, max: number, tuning: Partial<SearchTuning>) {
    const memberships = await conversationsStore.memberships(s.built.ctx.db, user.id);
    return (await searchMatchIds(s.built.ctx.db, s.built.ctx.dialect, user.id, keywords, memberships, max, tuning)).map((m) => m.msg_id);
  }

  it.each(ways)('%s: the newest matches of my chats only, newest first, whatever the windows cut', async (_way, tuning) => {
    const all = expected(a);
    expect(all.length).toBeGreaterThan(40);
    for (const max of [1, 5, 17, 1000]) {
      expect(await find(a, 'APPLE pie', max, tuning)).toEqual(all.slice(0, max));
    }
    expect(await find(d, 'apple PIE', 1000, tuning)).toEqual(expected(d));
    // Cy sees his chat with Ann (Ann's clearing is hers alone), never Bo's chats
    const cys = await find(c, 'apple pie', 1000, tuning);
    const acKey = privateConvKey(a.id, c.id);
    expect(cys).toEqual(stored.filter((m) => m.conv_key === acKey && m.content.startsWith('Pine') && ['text', 'file'].includes(m.type)).map((m) => m.msg_id).reverse());
    expect(await find(a, 'absent phrase', 1000, tuning)).toEqual([]);
    // a word of one of Ann's chats and of a chat of others
    expect(await find(a, 'kiwi tart', 1000, tuning)).toEqual(expected(a, 'kiwi tart'));
    expect(await find(d, 'kiwi tart', 5, tuning)).toEqual(expected(d, 'kiwi tart').slice(0, 5));
    expect(await find(c, 'kiwi tart', 1000, tuning)).toEqual([]);
    // a stranger to every chat finds nothing
    const stranger = await s.user('Stranger');
    expect(await find(stranger, 'apple pie', 1000, tuning)).toEqual([]);
  });

  it('a word common on the server, only in chats not mine: nothing, without reading the text index or any message text', async () => {
    const db = s.built.ctx.db;
    const memberships = await conversationsStore.memberships(db, c.id);
    /** how many statements of one search read the text index or messages' text (the LIKE pattern) */
    async function reads(tuning: Partial<SearchTuning>) {
      const statements: string[] = [];
      const watched = db.withPlugin({
        transformQuery: ({ node }) => {
          statements.push(JSON.stringify(node));
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      const found = await searchMatchIds(watched, s.built.ctx.dialect, c.id, 'kiwi tart', memberships, 1000, tuning);
      expect(found).toEqual([]);
      // beside the bounded count that tells few matches from many
      const counts = ['select count(*) as n from (select rowid from search.messages_fts', 'explain (format json)'];
      const reading = statements.filter((q) => !counts.some((count) => q.includes(count)) && (q.includes('messages_fts') || q.includes('%kiwi tart%')));
      return { statements: statements.length, matches: reading.length };
    }
    expect(stored.filter((m) => m.content.startsWith('Kiwi')).length).toBe(40);
    // the ways that take these 40 for many (a word of few matches is looked for in the text index at once)
    const many = ways.filter(([name, tuning]) => !name.endsWith('every chat read') && tuning.fewMatches === -1);
    expect(many).toHaveLength(4);
    for (const [, tuning] of many) {
      expect((await reads(tuning)).matches).toBe(0);
    }
    // reading every chat of Cy's instead looks at the matches (the statements above could have)
    expect((await reads({ byGrams: false, fewMatches: -1 })).matches).toBeGreaterThan(0);
  });

  /** whether the chat's row of gram bits has every bit of `keywords` */
  async function chatHolds(key: string, keywords: string): Promise<boolean> {
    const db = s.built.ctx.db;
    if (backend === 'postgres') {
      const mask = sql`cast(${bitMask(keywordBits(keywords))} as bit(${sql.lit(GRAM_BITS)}))`;
      const { rows } = await sql<{ can: boolean }>`select (bits & ${mask}) = ${mask} as can from conv_gram_bits where conv_key = ${key}`.execute(db);
      return rows[0]?.can ?? false;
    }
    const { rows } = await sql<{ bits: Uint8Array }>`select bits from search.conv_gram_bits where conv_key = ${key}`.execute(db);
    return holdsBits(rows[0]?.bits ?? null, keywordBits(keywords));
  }

  it("a chat's new word is found before its gram bits are set, and by them once they are", async () => {
    const db = s.built.ctx.db;
    const ac = privateConvKey(a.id, c.id);
    const mine: number[] = [];
    for (const [i, [key, content]] of [[ac, 'Mango lassi one'], [privateConvKey(b.id, d.id), 'mango lassi of others'], [ac, 'mango LASSI two']].entries()) {
      const [row] = await db
        .insertInto('messages')
        .values({ id: `m${i}`, conv_key: key, from_user: c.id, to_contact: '0', is_group: 0, type: 'text', content, at: '[]', extends: '{}', file_id: null, send_time: Date.now(), is_undo: 0 })
        .returning('msg_id')
        .execute();
      if (key === ac) mine.unshift(Number(row.msg_id));
    }
    expect(await chatHolds(ac, 'mango lassi')).toBe(false);
    for (const indexedNow of [false, true]) {
      for (const [, tuning] of ways) expect(await find(a, 'mango lassi', 1000, tuning)).toEqual(mine);
      if (!indexedNow) await indexAll(db, backend);
    }
    expect(await chatHolds(ac, 'mango lassi')).toBe(true);
  });

  /** the bits set in a chat's row */
  async function bitsOf(key: string): Promise<Set<number>> {
    const db = s.built.ctx.db;
    const set = new Set<number>();
    if (backend === 'postgres') {
      const { rows } = await sql<{ bits: string }>`select bits::text as bits from conv_gram_bits where conv_key = ${key}`.execute(db);
      for (const [bit, v] of [...(rows[0]?.bits ?? '')].entries()) if (v === '1') set.add(bit);
    } else {
      const { rows } = await sql<{ bits: Uint8Array }>`select bits from search.conv_gram_bits where conv_key = ${key}`.execute(db);
      for (let bit = 0; bit < GRAM_BITS; bit++) if (holdsBits(rows[0]?.bits ?? null, [bit])) set.add(bit);
    }
    return set;
  }

  it("a chat's gram bits hold the grams of its messages; a chat without the word lacks some", async () => {
    expect(await chatHolds(privateConvKey(a.id, b.id), 'kiwi tart')).toBe(true);
    expect(await chatHolds(privateConvKey(b.id, d.id), 'kiwi tart')).toBe(true);
    expect(await chatHolds(privateConvKey(a.id, c.id), 'kiwi tart')).toBe(false);
    expect(await chatHolds(privateConvKey(a.id, c.id), 'pineapple')).toBe(true);
  });

  it('the bits a new message sets are the bits of its lowered text the search looks for (gramBit)', async () => {
    const db = s.built.ctx.db;
    for (const [i, text] of ['Kiwi TART', 'ÄPFEL und Straße', '😀😃😄 end', '我们明天见吧', '50%_off'].entries()) {
      const key = groupConvKey(900_000 + i);
      await db
        .insertInto('messages')
        .values({ id: `bits${i}`, conv_key: key, from_user: b.id, to_contact: '0', is_group: 1, type: 'text', content: text, at: '[]', extends: '{}', file_id: null, send_time: Date.now(), is_undo: 0 })
        .execute();
      await indexAll(db, backend);
      const lowered = [...(await sql<{ l: string }>`select lower(cast(${text} as text)) as l`.execute(db)).rows[0].l];
      const expectedBits = new Set(lowered.slice(0, -2).map((_, at) => gramBit(lowered.slice(at, at + 3).join(''))));
      expect(await bitsOf(key)).toEqual(expectedBits);
    }
  });

  it('keeps every chat that matches, whatever the case, script or LIKE characters of the text', async () => {
    const db = s.built.ctx.db;
    const texts = ['ÄPFEL und Straße', 'İstanbul ΣΊΣΥΦΟΣ', 'emoji 😀😃😄 end', '50%_off \\path', '我们明天见吧', 'MiXeD CaSe'];
    for (const [i, content] of texts.entries()) {
      await db
        .insertInto('messages')
        .values({ id: `t${i}`, conv_key: privateConvKey(a.id, b.id), from_user: b.id, to_contact: '0', is_group: 0, type: 'text', content, at: '[]', extends: '{}', file_id: null, send_time: Date.now(), is_undo: 0 })
        .execute();
    }
    await indexAll(db, backend);
    let found = 0;
    for (const text of texts) {
      const chars = [...text];
      for (let at = 0; at + 3 <= chars.length; at += 2) {
        const part = chars.slice(at, at + 4).join('');
        for (const keywords of [part, part.toUpperCase(), part.toLowerCase()]) {
          const every = await find(a, keywords, 1000, { byGrams: false });
          expect(await find(a, keywords, 1000, {})).toEqual(every);
          found += every.length;
        }
      }
    }
    expect(found).toBeGreaterThan(40);
  });

  it('windows cover every id from the newest down to the floor once, newest first', () => {
    const seen: number[] = [];
    for (const { lo, hi } of msgIdWindows(100, 3, 7, 2)) {
      expect(hi).toBeGreaterThan(lo);
      for (let id = hi; id > lo; id--) seen.push(id);
    }
    expect(seen).toEqual(Array.from({ length: 97 }, (_, i) => 100 - i));
    expect([...msgIdWindows(5, 5, 7, 2)]).toEqual([]);
  });

  it("the same newest match however busy others' chats are above mine; SQLite reads no more windows for them", async () => {
    const db = s.built.ctx.db;
    const memberships = await conversationsStore.memberships(db, c.id);
    const tuning: Partial<SearchTuning> = { fewMatches: -1, firstWindow: 7, windowGrowth: 2, windows: Number.MAX_SAFE_INTEGER };
    /** Cy's newest match, and how many windows of his chats (statements with the LIKE pattern) the search read */
    async function newestMatch() {
      let windows = 0;
      const watched = db.withPlugin({
        transformQuery: ({ node }) => {
          if (JSON.stringify(node).includes('%apple pie%')) windows++;
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      const found = await searchMatchIds(watched, s.built.ctx.dialect, c.id, 'apple pie', memberships, 1, tuning);
      return { found: found.map((m) => m.msg_id), windows };
    }
    const quiet = await newestMatch();
    expect(quiet.found).toHaveLength(1);
    // 300 messages of Bo's and Di's chat, all newer than Cy's
    const bd = privateConvKey(b.id, d.id);
    await db
      .insertInto('messages')
      .values(Array.from({ length: 300 }, (_, i) => ({ id: `busy${i}`, conv_key: bd, from_user: d.id, to_contact: '0', is_group: 0, type: 'text', content: `busy ${i}`, at: '[]', extends: '{}', file_id: null, send_time: Date.now(), is_undo: 0 })))
      .execute();
    await indexAll(db, backend);
    const busy = await newestMatch();
    expect(busy.found).toEqual(quiet.found);
    // SQLite starts the windows at my newest message; PostgreSQL at the server's (see windowRange)
    if (backend === 'sqlite') expect(busy.windows).toBe(quiet.windows);
    else expect(busy.windows).toBeGreaterThan(quiet.windows);
  });

  it('reads comma-separated ids and meets two sorted lists', () => {
    expect([...parseIds('5,1,30000000001,0')]).toEqual([5, 1, 30000000001, 0]);
    expect([...parseIds(null)]).toEqual([]);
    expect([...parseIds('7')]).toEqual([7]);
    expect(intersectSorted(Float64Array.from([1, 3, 5, 9, 11]), Float64Array.from([2, 3, 9, 10, 11, 12]))).toEqual([3, 9, 11]);
    expect(intersectSorted(new Float64Array(0), Float64Array.from([1]))).toEqual([]);
  });
});
