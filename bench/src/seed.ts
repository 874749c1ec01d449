import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { groupContactId, groupConvKey, privateConvKey } from '@parley/protocol';
import { indexForSearch, loadConfig, migrate, newConversationRow, openDatabase } from '@parley/server/testing';
import { type BenchDb, openBenchDb } from './benchDb.ts';

export interface Seeded {
  tokens: string[];
  userIds: number[];
  groupId: number;
  groupSize: number;
}

const sha = (t: string) => createHash('sha256').update(t).digest('hex');

/**
 * Writes users, sessions, friendships (pairs 2i/2i+1) and one big group straight into a fresh
 * database (the SQLite file under `at`, or a PostgreSQL schema), so the measured server starts with
 * everything in place.
 */
export async function seed(at: string | BenchDb, users: number, groupSize: number): Promise<Seeded> {
  const handle = await openBenchDb(at);
  await migrate(handle);
  const db = handle.db;
  const now = Date.now();
  const passwordHash = await hash('bench-pass', { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const tokens: string[] = [];
  const userIds: number[] = [];
  const CHUNK = 500;
  for (let start = 0; start < users; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(users, start + CHUNK); i++) {
      rows.push({
        account: `bench${i}`,
        account_key: `bench${i}`,
        nickname: `Bench ${i}`,
        password_hash: passwordHash,
        avatar: '',
        avatar_color: 1 + (i % 5),
        gender: 'unknown',
        signature: '',
        email: '',
        phone: '',
        invite_code: `B${i}`,
        verified: 0,
        status: 1,
        created_at: now,
      });
    }
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    userIds.push(...inserted.map((r) => r.id));
  }
  for (let start = 0; start < users; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(users, start + CHUNK); i++) {
      const token = randomBytes(24).toString('base64url');
      tokens.push(token);
      rows.push({
        user_id: userIds[i],
        token_hash: sha(token),
        device: 'web',
        cid: '',
        user_agent: 'bench',
        ip: '127.0.0.1',
        created_at: now,
        last_used_at: now,
        expires_at: now + 86_400_000,
        revoked_at: null,
      });
    }
    await db.insertInto('sessions').values(rows).execute();
  }
  const friends = [];
  const convs = [];
  for (let i = 0; i + 1 < users; i += 2) {
    const [a, b] = [userIds[i], userIds[i + 1]];
    friends.push({ user_id: a, friend_id: b, nickname: '', created_at: now });
    friends.push({ user_id: b, friend_id: a, nickname: '', created_at: now });
    const key = privateConvKey(a, b);
    convs.push(newConversationRow(a, String(b), key, now), newConversationRow(b, String(a), key, now));
  }
  for (let i = 0; i < friends.length; i += CHUNK) await db.insertInto('friends').values(friends.slice(i, i + CHUNK)).execute();
  const group = await db
    .insertInto('groups')
    .values({
      name: 'Bench group',
      owner_id: userIds[0],
      avatar: '',
      notice: '',
      notice_at: 0,
      setting: '{}',
      created_at: now,
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const members = [];
  for (let i = 0; i < groupSize; i++) {
    members.push({ group_id: group.id, user_id: userIds[i], role: i === 0 ? 1 : 3, joined_at: now, joined_msg_id: 0, mute_until: 0 });
    convs.push(newConversationRow(userIds[i], groupContactId(group.id), groupConvKey(group.id), now));
  }
  for (let i = 0; i < members.length; i += CHUNK) await db.insertInto('group_members').values(members.slice(i, i + CHUNK)).execute();
  for (let i = 0; i < convs.length; i += CHUNK) await db.insertInto('conversations').values(convs.slice(i, i + CHUNK)).execute();
  await handle.close();
  return { tokens, userIds, groupId: group.id, groupSize };
}

/**
 * The expensive-load fixture (issue 9): a group of the first `members` users holding `count`
 * text messages that all contain "e", so a search for "e" matches every one of them.
 */
export async function seedSearchLoad(dataDir: string, userIds: number[], count: number): Promise<{ groupId: number; firstMsgId: number; lastMsgId: number }> {
  const handle = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  const db = handle.db;
  const now = Date.now();
  const group = await db
    .insertInto('groups')
    .values({ name: 'Search group', owner_id: userIds[0], avatar: '', notice: '', notice_at: 0, setting: '{}', created_at: now, removed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = `g:${group.id}`;
  await db
    .insertInto('group_members')
    .values(userIds.map((u, i) => ({ group_id: group.id, user_id: u, role: i === 0 ? 1 : 3, joined_at: now, joined_msg_id: 0, mute_until: 0 })))
    .execute();
  await db.insertInto('conversations').values(userIds.map((u) => newConversationRow(u, `group-${group.id}`, key, now))).execute();
  const words = ['hello there', 'see you tomorrow', 'the meeting is here', 'let me check', 'released the new version', '我们明天见 e'];
  const CHUNK = 500;
  let firstMsgId = 0;
  let lastMsgId = 0;
  for (let start = 0; start < count; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i++) {
      rows.push({
        id: randomBytes(16).toString('hex'),
        conv_key: key,
        from_user: userIds[i % userIds.length],
        to_contact: `group-${group.id}`,
        is_group: 1,
        type: 'text',
        content: `${words[i % words.length]} #${i}`,
        at: '[]',
        extends: '{}',
        file_id: null,
        send_time: now - (count - i) * 1000,
        is_undo: 0,
      });
    }
    const inserted = await db.insertInto('messages').values(rows).returning('msg_id').execute();
    if (!firstMsgId) firstMsgId = Number(inserted[0].msg_id);
    lastMsgId = Number(inserted[inserted.length - 1].msg_id);
  }
  await indexForSearch(handle.db);
  await handle.close();
  return { groupId: Number(group.id), firstMsgId, lastMsgId };
}
