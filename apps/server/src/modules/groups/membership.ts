import { type GroupSetting, parseGroupSetting } from '@parley/protocol';
import type { Db } from '../../db/index.ts';

export interface GroupFacts {
  id: number;
  name: string;
  ownerId: number;
  setting: GroupSetting;
  removed: boolean;
}

export interface MemberFacts {
  role: number;
  muteUntil: number;
  joinedMsgId: number;
}

/**
 * Read side of groups used on the hot path (sending, fan-out). Member lists of busy groups are
 * cached per node for a short time; every write in the groups module calls `invalidate`.
 */
export function groupMembership(db: Db, ttlMs = 2_000) {
  const memberCache = new Map<number, { at: number; ids: number[] }>();

  return {
    async group(groupId: number): Promise<GroupFacts | null> {
      const row = await db
        .selectFrom('groups')
        .select(['id', 'name', 'owner_id', 'setting', 'removed_at'])
        .where('id', '=', groupId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        ownerId: row.owner_id,
        setting: parseGroupSetting(row.setting),
        removed: row.removed_at !== null,
      };
    },

    async member(groupId: number, userId: number): Promise<MemberFacts | null> {
      const row = await db
        .selectFrom('group_members')
        .select(['role', 'mute_until', 'joined_msg_id'])
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? { role: row.role, muteUntil: row.mute_until, joinedMsgId: row.joined_msg_id } : null;
    },

    async memberIds(groupId: number): Promise<number[]> {
      const hit = memberCache.get(groupId);
      if (hit && Date.now() - hit.at < ttlMs) return hit.ids;
      const rows = await db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).execute();
      const ids = rows.map((r) => r.user_id);
      memberCache.set(groupId, { at: Date.now(), ids });
      return ids;
    },

    invalidate(groupId: number): void {
      memberCache.delete(groupId);
    },
  };
}

export type GroupMembership = ReturnType<typeof groupMembership>;
