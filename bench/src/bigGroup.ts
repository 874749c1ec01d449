import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { groupContactId, groupConvKey } from '@parley/protocol';
import { newConversationRow } from '@parley/server/testing';
import { openBenchDb } from './benchDb.ts';
import type { Seeded } from './seed.ts';

/**
 * Issue 17, "Groups at the limit": a 10,000-member group at 10 messages/s (100,000 deliveries/s),
 * and the delivery never holding the event loop more than `loopBusyMs` at a time.
 */
export const BIG_GROUP = { members: 10_000, rate: 10, p95: 300, loopBusyMs: 20 };

const sha = (t: string) => createHash('sha256').update(t).digest('hex');

/**
 * A group of `members` users, each with one session: the seeded users except the last friend pair
 * (the web section's, in no group), topped up with new users. Returns the group and the tokens of
 * its members.
 */
export async function seedBigGroup(dataDir: string, seeded: Seeded, members: number): Promise<{ groupId: number; tokens: string[] }> {
  const handle = await openBenchDb(dataDir);
  const db = handle.db;
  const now = Date.now();
  const reused = Math.min(members, seeded.userIds.length - 2);
  const userIds = seeded.userIds.slice(0, reused);
  const tokens = seeded.tokens.slice(0, reused);
  const template = await db.selectFrom('users').selectAll().where('id', '=', seeded.userIds[0]).executeTakeFirstOrThrow();
  const CHUNK = 500;
  for (let start = reused; start < members; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(members, start + CHUNK); i++) {
      const { id: _id, ...user } = template;
      rows.push({ ...user, account: `biggroup${i}`, account_key: `biggroup${i}`, nickname: `Big ${i}`, invite_code: `G${i}`, created_at: now });
    }
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    const sessions = inserted.map((r) => {
      const token = randomBytes(24).toString('base64url');
      tokens.push(token);
      userIds.push(r.id);
      return { user_id: r.id, token_hash: sha(token), device: 'web', cid: '', user_agent: 'bench', ip: '127.0.0.1', created_at: now, last_used_at: now, expires_at: now + 86_400_000, revoked_at: null };
    });
    await db.insertInto('sessions').values(sessions).execute();
  }
  const group = await db
    .insertInto('groups')
    .values({ name: 'Bench big group', owner_id: userIds[0], avatar: '', notice: '', notice_at: 0, setting: '{}', created_at: now, removed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = userIds.map((u, i) => ({ group_id: group.id, user_id: u, role: i === 0 ? 1 : 3, joined_at: now, joined_msg_id: 0, mute_until: 0 }));
  const convs = userIds.map((u) => newConversationRow(u, groupContactId(group.id), groupConvKey(group.id), now));
  for (let i = 0; i < rows.length; i += CHUNK) await db.insertInto('group_members').values(rows.slice(i, i + CHUNK)).execute();
  for (let i = 0; i < convs.length; i += CHUNK) await db.insertInto('conversations').values(convs.slice(i, i + CHUNK)).execute();
  await handle.close();
  return { groupId: Number(group.id), tokens };
}

/**
 * The open-file limit a process started from here gets (`ulimit -n`). The generator holds a socket
 * per member and the server one more per member: each needs more than `members` descriptors.
 */
export function fileLimit(): { soft: number; hard: number } {
  const read = (flag: string) => {
    const out = execFileSync('sh', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).trim();
    return out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out);
  };
  return { soft: read('-Sn'), hard: read('-Hn') };
}
