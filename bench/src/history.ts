import { randomBytes } from 'node:crypto';
import { type EndpointBody, type EndpointName, endpoints, privateConvKey } from '@parley/protocol';
import { loadConfig, newConversationRow, openDatabase } from '@parley/server/testing';
import { Agent, request } from 'undici';

/**
 * History at scale (issue 17): `total` messages across `conversations` private chats, written
 * straight into the SQLite file before the server starts. One reader is in `readerChats` of those
 * chats (so the chat list has that many rows); the first of them holds a long history to open and
 * page back through. The rest of the messages only make the table as large as a busy server's.
 */

export const HISTORY_BUDGET = { openP95: 5, pageP95: 5, contactsP95: 20, searchP95: 30 };

export interface HistorySeed {
  reader: number;
  /** the reader's long chat */
  peer: number;
  total: number;
}

const WORDS = ['hello there', 'see you tomorrow', 'the meeting is at ten', 'let me check', 'released the new version', '我们明天见'];

export async function seedHistory(dataDir: string, userIds: number[], total: number, conversations = 100_000, readerChats = 1_000): Promise<HistorySeed> {
  const handle = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  const file = handle.sqlite;
  if (!file) throw new Error('the history section seeds SQLite');
  // the reader and its partners: users no other section uses (the fan-out group is the first 1,000)
  const reader = userIds[userIds.length - 3];
  const partners = userIds.slice(userIds.length - 4 - readerChats, userIds.length - 4);
  const now = Date.now();
  const convRows = partners.flatMap((p) => {
    const key = privateConvKey(reader, p);
    return [newConversationRow(reader, String(p), key, now), newConversationRow(p, String(reader), key, now)];
  });
  for (let i = 0; i < convRows.length; i += 500) await handle.db.insertInto('conversations').values(convRows.slice(i, i + 500)).onConflict((oc) => oc.doNothing()).execute();
  // a tenth of the messages in the reader's chats (a half in the long one), the rest spread over the others
  const keys = partners.map((p) => privateConvKey(reader, p));
  const insert = file.prepare(
    `insert into messages (id, conv_key, from_user, to_contact, is_group, type, content, at, extends, file_id, send_time, is_undo)
     values (?, ?, ?, ?, 0, 'text', ?, '[]', '{}', null, ?, 0)`,
  );
  const writeMany = file.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      let a: number;
      let b: number;
      let key: string;
      if (i % 10 === 0) {
        const p = i % 20 === 0 ? partners[0] : partners[(i / 10) % partners.length | 0];
        [a, b, key] = [reader, p, keys[partners.indexOf(p)]];
      } else {
        const c = i % conversations;
        a = userIds[c % (userIds.length - readerChats - 4)];
        b = userIds[(c * 7 + 1) % (userIds.length - readerChats - 4)];
        if (a === b) b = userIds[(c + 1) % (userIds.length - readerChats - 4)];
        key = privateConvKey(a, b);
      }
      const [fromUser, toUser] = i % 3 === 0 ? [b, a] : [a, b];
      insert.run(randomBytes(8).toString('hex'), key, fromUser, String(toUser), `${WORDS[i % WORDS.length]} #${i}`, now - (total - i) * 10);
    }
  });
  const BATCH = 50_000;
  for (let i = 0; i < total; i += BATCH) writeMany(i, Math.min(total, i + BATCH));
  // the reader has read its chats but for the last few messages of each, as someone who uses the app does
  file
    .prepare(
      `update conversations set read_msg_id = max(0, coalesce((select max(m.msg_id) from messages m where m.conv_key = conversations.conv_key), 0) - 3)
       where user_id = ?`,
    )
    .run(reader);
  await handle.close();
  return { reader, peer: partners[0], total };
}

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
  const search: number[] = [];
  for (let i = 0; i < 50; i++) search.push((await timed('searchMessages', { keywords: `meeting #${1000 + i * 17}` })).ms);
  await agent.close();
  return {
    openP95: percentile(open, 95),
    pageP95: percentile(page, 95),
    pages: page.length,
    contactsP95: percentile(contacts, 95),
    searchP95: percentile(search, 95),
  };
}
