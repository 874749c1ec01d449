import { randomBytes } from 'node:crypto';
import { privateConvKey } from '@parley/protocol';
import { loadConfig, openDatabase } from '@parley/server/testing';

const LINES = ['hello there', 'see you tomorrow', 'the meeting is at ten', 'let me check and come back to you', 'sounds good 👍', '我们明天见'];

/**
 * The long chat of the web section: `count` text messages between users `a` and `b` (friends
 * whose conversation rows the shared seed already made), written straight into the SQLite file
 * before the server starts, alternating senders, one a minute, the newest now. Answers the newest
 * msg_id (the bubble the chat opens on).
 */
export async function seedLongChat(dataDir: string, a: number, b: number, count: number): Promise<{ lastMsgId: number }> {
  const handle = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  const db = handle.db;
  const key = privateConvKey(a, b);
  const now = Date.now();
  const CHUNK = 500;
  let lastMsgId = 0;
  try {
    for (let start = 0; start < count; start += CHUNK) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + CHUNK); i++) {
        const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
        rows.push({
          id: randomBytes(16).toString('hex'),
          conv_key: key,
          from_user: from,
          to_contact: String(to),
          is_group: 0,
          type: 'text',
          content: `${LINES[i % LINES.length]} #${i + 1}`,
          at: '[]',
          extends: '{}',
          file_id: null,
          send_time: now - (count - 1 - i) * 60_000,
          is_undo: 0,
        });
      }
      const inserted = await db.insertInto('messages').values(rows).returning('msg_id').execute();
      lastMsgId = Number(inserted[inserted.length - 1].msg_id);
    }
    await db.updateTable('conversations').set({ updated_at: now }).where('conv_key', '=', key).execute();
  } finally {
    await handle.close();
  }
  return { lastMsgId };
}
