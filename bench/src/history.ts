import { randomBytes } from 'node:crypto';
import { type EndpointBody, type EndpointName, endpoints, privateConvKey } from '@parley/protocol';
import { indexForSearch, newConversationRow } from '@parley/server/testing';
import { sql } from 'kysely';
import { Agent, request } from 'undici';
import { type BenchDb, openBenchDb } from './benchDb.ts';
import { type HistoryMessage, messageWriter } from './historyWriter.ts';

/**
 * History at scale (issue 17): `total` messages across `conversations` private chats, written
 * straight into the database before the server starts (the same messages on SQLite and PostgreSQL).
 * One reader is in `readerChats` of those chats (so the chat list has that many rows); the first of
 * them holds a long history to open and page back through. The rest of the messages only make the
 * table as large as a busy server's.
 */

export const HISTORY_BUDGET = { openP95: 5, pageP95: 5, contactsP95: 20, searchP95: 30 };

export interface HistorySeed {
  reader: number;
  /** the reader's long chat */
  peer: number;
  total: number;
}

const WORDS = ['hello there', 'see you tomorrow', 'the meeting is at ten', 'let me check', 'released the new version', '我们明天见'];

/** Message `i` of the seed: a tenth go to the reader's chats (a half of those to the long one), the rest spread over the other chats. */
function historyShape(userIds: number[], total: number, conversations: number, readerChats: number) {
  // the reader and its partners: users no other section uses (the fan-out group is the first 1,000)
  const reader = userIds[userIds.length - 3];
  const partners = userIds.slice(userIds.length - 4 - readerChats, userIds.length - 4);
  const readerKeys = partners.map((p) => privateConvKey(reader, p));
  const others = userIds.slice(0, userIds.length - 4 - readerChats);
  const now = Date.now();
  /** the two users of background chat `c`: each user with its next few, so that every chat is a distinct pair */
  const pairOf = (c: number): [number, number] => {
    const a = c % others.length;
    return [others[a], others[(a + 1 + Math.floor(c / others.length)) % others.length]];
  };
  function message(i: number): HistoryMessage {
    let a: number;
    let b: number;
    let key: string;
    if (i % 10 === 0) {
      const chat = i % 20 === 0 ? 0 : 1 + (Math.floor(i / 20) % (partners.length - 1));
      [a, b, key] = [reader, partners[chat], readerKeys[chat]];
    } else {
      [a, b] = pairOf(i % conversations);
      key = privateConvKey(a, b);
    }
    const [from, to] = i % 3 === 0 ? [b, a] : [a, b];
    return { id: randomBytes(8).toString('hex'), conv_key: key, from_user: from, to_contact: String(to), content: `${WORDS[i % WORDS.length]} #${i}`, send_time: now - (total - i) * 10 };
  }
  return { reader, partners, readerKeys, message, now };
}

export async function seedHistory(at: string | BenchDb, userIds: number[], total: number, conversations = 100_000, readerChats = 1_000): Promise<HistorySeed> {
  const shape = historyShape(userIds, total, conversations, readerChats);
  const { reader, partners, readerKeys } = shape;
  const handle = await openBenchDb(at);
  const convRows = partners.flatMap((p, i) => [newConversationRow(reader, String(p), readerKeys[i], shape.now), newConversationRow(p, String(reader), readerKeys[i], shape.now)]);
  for (let i = 0; i < convRows.length; i += 500) await handle.db.insertInto('conversations').values(convRows.slice(i, i + 500)).onConflict((oc) => oc.doNothing()).execute();
  const write = messageWriter(handle);
  const BATCH = 50_000;
  for (let from = 0; from < total; from += BATCH) {
    const batch: HistoryMessage[] = [];
    for (let i = from; i < Math.min(total, from + BATCH); i++) batch.push(shape.message(i));
    await write(batch);
  }
  // a server indexes new messages for search after their commit; the seed is indexed before it starts
  await indexForSearch(handle.db, handle.dialect);
  // the reader has read its chats but for the last few messages of each, as someone who uses the app does
  const larger = sql.raw(handle.dialect === 'postgres' ? 'greatest' : 'max');
  await sql`update conversations set read_msg_id = ${larger}(0, coalesce((select max(m.msg_id) from messages m where m.conv_key = conversations.conv_key), 0) - 3)
    where user_id = ${reader}`.execute(handle.db);
  // what autovacuum would soon do on a server that grew to this size: the planner's statistics, and the
  // visibility map without which an index-only scan still visits the table
  if (handle.dialect === 'postgres') await sql`vacuum (analyze) users, sessions, friends, group_members, conversations, messages, conv_gram_bits, gram_pending`.execute(handle.db);
  await handle.close();
  return { reader, peer: partners[0], total };
}

/**
 * The searches, as many of each kind: a word of a sixth of all messages (a thousand matches of the
 * reader's are the most an answer looks at; the reader's chats hold every other of these words only,
 * so half of them are common elsewhere and absent from the reader's chats), a phrase of a few of the
 * reader's messages (`ten #n` is in message n when n % 30 === 20), and a phrase of none.
 */
const SEARCHES = {
  common: (i: number) => ['meeting', 'tomorrow', 'version', 'hello', 'check', '明天见'][i % 6],
  rare: (i: number) => `ten #${20 + 30 * (1_000 + i * 97)}`,
  absent: (i: number) => `meeting #${1000 + i * 17}`,
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** The reader's calls, one at a time (latency, not throughput): p95 of each in ms. */
export async function benchHistory(url: string, token: string, seeded: HistorySeed, pages = 1_000) {
  const agent = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
  async function timed<K extends EndpointName>(name: K, body: EndpointBody<K>): Promise<{ ms: number; data: { items?: { msg_id: number }[] } & Record<string, unknown> }> {
    const t0 = performance.now();
    const res = await request(url + endpoints[name].path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(body),
      dispatcher: agent,
    });
    const answer = (await res.body.json()) as { code: number; msg: string; data: unknown };
    const ms = performance.now() - t0;
    if (answer.code !== 0) throw new Error(`${name}: ${answer.code} ${answer.msg}`);
    return { ms, data: { items: Array.isArray(answer.data) ? (answer.data as { msg_id: number }[]) : undefined } };
  }
  const open: number[] = [];
  let oldest = 0;
  for (let i = 0; i < 200; i++) {
    const r = await timed('getMessageList', { toContactId: seeded.peer, is_group: 0, limit: 20 });
    open.push(r.ms);
    oldest = r.data.items?.[0]?.msg_id ?? 0;
  }
  const page: number[] = [];
  for (let i = 0; i < pages && oldest > 0; i++) {
    const r = await timed('getMessageList', { toContactId: seeded.peer, is_group: 0, limit: 20, before_msg_id: oldest });
    page.push(r.ms);
    oldest = r.data.items?.[0]?.msg_id ?? 0;
  }
  const contacts: number[] = [];
  for (let i = 0; i < 50; i++) contacts.push((await timed('getContacts', {})).ms);
  const search: Record<keyof typeof SEARCHES, number[]> = { common: [], rare: [], absent: [] };
  for (let i = 0; i < 20; i++) {
    for (const kind of Object.keys(SEARCHES) as (keyof typeof SEARCHES)[]) {
      search[kind].push((await timed('searchMessages', { keywords: SEARCHES[kind](i) })).ms);
    }
  }
  await agent.close();
  return {
    openP95: percentile(open, 95),
    pageP95: percentile(page, 95),
    pages: page.length,
    contactsP95: percentile(contacts, 95),
    searchP95: percentile(Object.values(search).flat(), 95),
    searchP95By: Object.fromEntries(Object.entries(search).map(([kind, ms]) => [kind, percentile(ms, 95)])) as Record<keyof typeof SEARCHES, number>,
    /** beside the p95s, which a loaded machine's scheduling inflates first */
    medians: { open: percentile(open, 50), page: percentile(page, 50), contacts: percentile(contacts, 50), search: percentile(Object.values(search).flat(), 50) },
  };
}
