import { groupContactId, groupConvKey, privateConvKey } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { seedGroup, setGroupSetting } from '../../testing/index.ts';
import { conversationsStore } from '../conversations/store.ts';
import { newConversationRow } from '../conversations/rows.ts';
import { intersectSorted, msgIdWindows, parseIds, type SearchTuning, searchMatchIds } from './searchIds.ts';

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

  const ways: [string, Partial<SearchTuning>][] = [
    ['led by the text index', { fewMatches: Number.MAX_SAFE_INTEGER }],
    ['in windows of my chats', { fewMatches: -1, firstWindow: 7, windowGrowth: 2, windows: Number.MAX_SAFE_INTEGER }],
    ['windows, then the rest at once', { fewMatches: -1, firstWindow: 7, windowGrowth: 2, windows: 1 }],
    ['as tuned', {}],
  ];

  beforeAll(async () => {
    s = await startServer(backend);
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
  function expected(user: TestUser): number[] {
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
      .filter((m) => m.content.toLowerCase().includes('apple pie') && ['text', 'file'].includes(m.type))
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
    // a stranger to every chat finds nothing
    const stranger = await s.user('Stranger');
    expect(await find(stranger, 'apple pie', 1000, tuning)).toEqual([]);
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

  it('reads comma-separated ids and meets two sorted lists', () => {
    expect([...parseIds('5,1,30000000001,0')]).toEqual([5, 1, 30000000001, 0]);
    expect([...parseIds(null)]).toEqual([]);
    expect([...parseIds('7')]).toEqual([7]);
    expect(intersectSorted(Float64Array.from([1, 3, 5, 9, 11]), Float64Array.from([2, 3, 9, 10, 11, 12]))).toEqual([3, 9, 11]);
    expect(intersectSorted(new Float64Array(0), Float64Array.from([1]))).toEqual([]);
  });
});
