import { randomUUID } from 'node:crypto';
import { DEFAULT_GROUP_SETTING, type GroupSetting, groupContactId, groupConvKey } from '@parley/protocol';
import type { Db } from '../db/index.ts';
import { newConversationRow } from '../modules/conversations/rows.ts';
import type { TestServer } from './harness.ts';

/** Seeding helpers of the messaging suites (and e2e): friendships, groups and files written through the store. */

export async function befriend(db: Db, a: number, b: number): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('friends')
    .values([
      { user_id: a, friend_id: b, nickname: '', created_at: now },
      { user_id: b, friend_id: a, nickname: '', created_at: now },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Friendships of `user` with every one of `friends`, written in batches: for friend lists of thousands. */
export async function befriendMany(db: Db, user: number, friends: readonly number[]): Promise<void> {
  const now = Date.now();
  const BATCH = 500;
  for (let i = 0; i < friends.length; i += BATCH) {
    const rows = friends
      .slice(i, i + BATCH)
      .flatMap((f) => [
        { user_id: user, friend_id: f, nickname: '', created_at: now },
        { user_id: f, friend_id: user, nickname: '', created_at: now },
      ]);
    await db.insertInto('friends').values(rows).onConflict((oc) => oc.doNothing()).execute();
  }
}

/**
 * `count` accounts written straight to the store (no password hashing): for groups of thousands.
 * Named `Member <i>` unless `nickname` names them. Returns their ids.
 */
export async function seedUsers(
  db: Db,
  count: number,
  prefix = 'seeded',
  nickname: (i: number) => string = (i) => `Member ${i}`,
): Promise<number[]> {
  const now = Date.now();
  const ids: number[] = [];
  const CHUNK = 500;
  for (let start = 0; start < count; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i++) {
      const account = `${prefix}${i}`;
      rows.push({
        account,
        account_key: account,
        nickname: nickname(i),
        password_hash: '',
        avatar: '',
        avatar_color: 1 + (i % 5),
        gender: 'unknown',
        signature: '',
        email: '',
        phone: '',
        invite_code: `${prefix}-${i}`,
        verified: 0,
        status: 1,
        created_at: now,
      });
    }
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}

/** A group owned by `owner` with `members` (plain members), each with a chat-list row. Returns its id. */
export async function seedGroup(
  db: Db,
  owner: number,
  members: number[],
  setting: Partial<GroupSetting> = {},
  name = 'Team',
): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('groups')
    .values({
      name,
      owner_id: owner,
      avatar: '',
      notice: '',
      notice_at: 0,
      setting: JSON.stringify({ ...DEFAULT_GROUP_SETTING, ...setting }),
      created_at: now,
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gid = Number(id);
  const all = [owner, ...members.filter((m) => m !== owner)];
  for (let i = 0; i < all.length; i += 500) {
    const part = all.slice(i, i + 500);
    await db
      .insertInto('group_members')
      .values(part.map((u) => ({ group_id: gid, user_id: u, role: u === owner ? 1 : 3, joined_at: now, joined_msg_id: 0, mute_until: 0 })))
      .execute();
    await db
      .insertInto('conversations')
      .values(part.map((u) => newConversationRow(u, groupContactId(gid), groupConvKey(gid), now)))
      .execute();
  }
  return gid;
}

export async function setMember(db: Db, gid: number, uid: number, set: Partial<{ role: number; mute_until: number; joined_msg_id: number }>) {
  await db.updateTable('group_members').set(set).where('group_id', '=', gid).where('user_id', '=', uid).execute();
}

export async function setGroupSetting(db: Db, gid: number, setting: Partial<GroupSetting>) {
  await db
    .updateTable('groups')
    .set({ setting: JSON.stringify({ ...DEFAULT_GROUP_SETTING, ...setting }) })
    .where('id', '=', gid)
    .execute();
}

/** An uploads row owned by `owner` (the bytes are not needed to send it). */
export async function seedFile(db: Db, owner: number, kind: string, name = `f.${kind === 'image' ? 'png' : 'bin'}`): Promise<number> {
  const picture = kind === 'image' || kind === 'emoji';
  const { id } = await db
    .insertInto('uploads')
    .values({ owner_id: owner, kind, name, mime: picture ? 'image/png' : 'application/octet-stream', ext: name.split('.').pop() ?? '', size: 1234, path: `x/${randomUUID()}`, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** sendMessage with a fresh client id unless given. */
export function send(s: TestServer, token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return s.post('/enterprise/im/sendMessage', { id: randomUUID(), type: 'text', is_group: 0, ...body }, token, headers);
}
