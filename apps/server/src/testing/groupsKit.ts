import { groupContactId } from '@parley/protocol';
import type { TestServer, TestUser } from './harness.ts';

/** Test helpers of the groups suites (not used by the server). */

/** Makes everyone in `users` friends with each other (two rows per pair), as the friends module would. */
export async function befriendAll(s: TestServer, users: TestUser[]): Promise<void> {
  const rows: { user_id: number; friend_id: number; nickname: string; created_at: number }[] = [];
  for (const a of users) {
    for (const b of users) if (a.id !== b.id) rows.push({ user_id: a.id, friend_id: b.id, nickname: '', created_at: Date.now() });
  }
  if (rows.length === 0) return;
  await s.built.ctx.db
    .insertInto('friends')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
    .execute();
}

export function groupApi(s: TestServer) {
  const call = (path: string, body: unknown, u?: TestUser) =>
    s.post(path.startsWith('/') ? path : `/enterprise/group/${path}`, body, u?.token);

  return {
    call,
    /** Creates a group of `owner` with `members`, making `admins` admins; answers the group id. */
    async make(owner: TestUser, members: TestUser[], admins: TestUser[] = [], name = 'Team'): Promise<number> {
      const res = await call('add', { name, user_ids: members.map((m) => m.id) }, owner);
      if (res.body.code !== 0) throw new Error(`group add failed: ${res.body.msg}`);
      const gid = res.body.data.group_id as number;
      for (const a of admins) {
        const r = await call('setManager', { id: gid, user_id: a.id, role: 2 }, owner);
        if (r.body.code !== 0) throw new Error(`setManager failed: ${r.body.msg}`);
      }
      return gid;
    },
    async setting(owner: TestUser, gid: number, setting: Record<string, number>): Promise<void> {
      const r = await call('groupSetting', { id: gid, setting }, owner);
      if (r.body.code !== 0) throw new Error(`groupSetting failed: ${r.body.msg}`);
    },
    group: (gid: number) => s.built.ctx.db.selectFrom('groups').selectAll().where('id', '=', gid).executeTakeFirstOrThrow(),
    member: (gid: number, uid: number) =>
      s.built.ctx.db
        .selectFrom('group_members')
        .selectAll()
        .where('group_id', '=', gid)
        .where('user_id', '=', uid)
        .executeTakeFirst(),
    conversation: (gid: number, uid: number) =>
      s.built.ctx.db
        .selectFrom('conversations')
        .selectAll()
        .where('user_id', '=', uid)
        .where('contact_id', '=', groupContactId(gid))
        .executeTakeFirst(),
    /** Stores a plain text message in the group directly (history fixtures); answers its msg_id. */
    async seedMessage(gid: number, from: number, content = 'hello'): Promise<number> {
      const { msg_id } = await s.built.ctx.db
        .insertInto('messages')
        .values({
          id: `seed-${Math.random().toString(36).slice(2)}`,
          conv_key: `g:${gid}`,
          from_user: from,
          to_contact: groupContactId(gid),
          is_group: 1,
          type: 'text',
          content,
          at: '[]',
          extends: '{}',
          file_id: null,
          send_time: Date.now(),
          is_undo: 0,
        })
        .returning('msg_id')
        .executeTakeFirstOrThrow();
      return msg_id;
    },
  };
}
