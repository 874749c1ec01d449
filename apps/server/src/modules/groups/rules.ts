import { GroupRole } from '@parley/protocol';
import type { Db } from '../../db/index.ts';
import type { GroupMembership } from './membership.ts';

/** A stored mute reads 0 once its time has passed. */
export function effectiveMute(muteUntil: number, now = Date.now()): number {
  return muteUntil > now ? muteUntil : 0;
}

/**
 * For the friends module: may `from` send `to` a friend request found in group `groupId`'s member
 * list? Both must be members of the live group, and the `addFriend` switch must be on unless
 * `from` is the owner or an admin.
 */
export async function canAddFriendViaGroup(
  ctx: { groups: GroupMembership; db: Db },
  groupId: number,
  from: number,
  to: number,
): Promise<boolean> {
  if (from === to) return false;
  const group = await ctx.groups.group(groupId);
  if (!group || group.removed) return false;
  const [me, them] = await Promise.all([ctx.groups.member(groupId, from), ctx.groups.member(groupId, to)]);
  if (!me || !them) return false;
  return group.setting.addFriend === 1 || me.role !== GroupRole.MEMBER;
}
