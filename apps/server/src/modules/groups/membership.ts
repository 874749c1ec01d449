import { GroupRole, joinFloor, parseGroupSetting } from '@parley/protocol';
import type { GroupFacts, GroupMembership, MemberFacts } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { Bus } from '../../realtime/bus.ts';

/**
 * Read side of groups used on the hot path (sending, fan-out). Member lists of busy groups are
 * cached per node for a short time; every write in the groups module calls `invalidate`, which
 * reaches every node through the bus (with Redis), so no node fans out to a stale member set.
 */
export function groupMembership(db: Db, bus?: Bus, ttlMs = 2_000): GroupMembership {
  type Members = { at: number; ids: number[] };
  const memberCache = new Map<number, Members>();
  /** member sets being read: the callers that arrive meanwhile (a burst of opens) share the one read */
  const loading = new Map<number, Promise<Members>>();
  const forget = (groupId: number) => {
    memberCache.delete(groupId);
    loading.delete(groupId);
  };
  bus?.onMessage((msg) => {
    if (msg.kind === 'groupMembers') forget(msg.groupId);
  });

  function load(groupId: number): Promise<Members> {
    const read = db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .execute()
      .then((rows) => {
        const entry = unchangedSince(memberCache.get(groupId), rows) ?? { at: 0, ids: rows.map((r) => r.user_id) };
        entry.at = Date.now();
        // a change while the read ran dropped it: its answer is already stale, so it is not kept
        if (loading.get(groupId) === read) {
          memberCache.set(groupId, entry);
          loading.delete(groupId);
        }
        return entry;
      });
    loading.set(groupId, read);
    read.catch(() => {
      if (loading.get(groupId) === read) loading.delete(groupId);
    });
    return read;
  }

  /**
   * The entry read before, when a reread finds the same members in the same order: its array stays
   * the same object, and the hub keeps the sockets it found for it (see `Hub.audienceOf`).
   */
  function unchangedSince(before: Members | undefined, rows: { user_id: number }[]): Members | undefined {
    if (!before || before.ids.length !== rows.length) return undefined;
    for (let i = 0; i < rows.length; i++) if (before.ids[i] !== rows[i].user_id) return undefined;
    return before;
  }

  function cached(groupId: number): Promise<Members> {
    const hit = memberCache.get(groupId);
    if (hit && Date.now() - hit.at < ttlMs) return Promise.resolve(hit);
    return loading.get(groupId) ?? load(groupId);
  }

  const facts: GroupMembership = {
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
      return (await cached(groupId)).ids;
    },

    async coMemberIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('group_members as mine')
        .innerJoin('group_members as other', 'other.group_id', 'mine.group_id')
        .select('other.user_id')
        .distinct()
        .where('mine.user_id', '=', userId)
        .where('other.user_id', '!=', userId)
        .execute();
      return rows.map((r) => Number(r.user_id));
    },

    async joinFloorOf(groupId: number, userId: number): Promise<number | null> {
      const [group, member] = await Promise.all([facts.group(groupId), facts.member(groupId, userId)]);
      if (!group || group.removed || !member) return null;
      return joinFloor(group.setting, Number(member.joinedMsgId));
    },

    /**
     * Both must be members of the live group, and the `addFriend` switch must be on unless `from`
     * is the owner or an admin.
     */
    async mayAddFriendVia(groupId: number, from: number, to: number): Promise<boolean> {
      if (from === to) return false;
      const group = await facts.group(groupId);
      if (!group || group.removed) return false;
      const [me, them] = await Promise.all([facts.member(groupId, from), facts.member(groupId, to)]);
      if (!me || !them) return false;
      return group.setting.addFriend === 1 || me.role !== GroupRole.MEMBER;
    },

    invalidate(groupId: number): void {
      forget(groupId);
      bus?.publish({ kind: 'groupMembers', groupId });
    },
  };
  return facts;
}

export type { GroupFacts, GroupMembership, MemberFacts };
