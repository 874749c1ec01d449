import {
  GROUP_MUTE_MAX_DAYS,
  groupContactId,
  GroupMsg,
  GroupRole,
  mayModerate,
  permissionsOf,
} from '@parley/protocol';
import { fail } from '../../domainError.ts';
import { removeConversation } from '../conversations/rows.ts';
import { announce, } from './announce.ts';
import type { GroupKit } from './kit.ts';

const DAY_MS = 24 * 3600 * 1000;
/** a client clock a little ahead must not make "30 days" fail */
const MUTE_SLACK_MS = 60_000;

/** Members and roles: the owner, admins, mutes, inviting and removing. */
export function groupMembers(kit: GroupKit) {
  const { ctx, store, qrCodes, loadMembership, targetRole, pickFriends, nameOf, pushToGroup, addMembers } = kit;
  return {
    async changeOwner(me: number, gid: number, target: number) {
      const m = await loadMembership(gid, me);
      if (m.role !== GroupRole.OWNER) throw fail('groups.changeOwnerDenied');
      if (target === me) throw fail('groups.alreadyOwner');
      await targetRole(gid, target);
      await ctx.db.transaction().execute(async (trx) => {
        const row = await store.lockGroup(trx, gid);
        if (!row || row.removed_at !== null) throw fail('groups.dissolved');
        if (row.owner_id !== me) throw fail('groups.changeOwnerDenied');
        if (!(await store.member(gid, target, trx))) throw fail('groups.targetNotMember');
        await store.updateGroup(trx, gid, { owner_id: target });
        await store.updateMember(trx, gid, target, { role: GroupRole.OWNER, mute_until: 0 });
        await store.updateMember(trx, gid, me, { role: GroupRole.MEMBER });
      });
      ctx.groups.invalidate(gid);
      const data = {
        group_id: gid,
        id: groupContactId(gid),
        owner_id: target,
        user_id: target,
        role: GroupRole.OWNER,
        changes: [
          { user_id: target, role: GroupRole.OWNER },
          { user_id: me, role: GroupRole.MEMBER },
        ],
      };
      pushToGroup(await store.memberIds(gid), 'setManager', data);
      const [who, whom] = await Promise.all([nameOf(me), nameOf(target)]);
      await announce(ctx, gid, me, who, `${who} transferred group ownership to ${whom}`, {
        action: 'owner',
        user_ids: [target],
        names: [whom],
      });
      return data;
    },

    async setManager(me: number, gid: number, target: number, role: 2 | 3) {
      const m = await loadMembership(gid, me);
      if (m.role !== GroupRole.OWNER) throw fail('groups.setManagerDenied');
      if (target === me) throw fail('groups.ownerRole');
      const current = await targetRole(gid, target);
      if (current === GroupRole.OWNER) throw fail('groups.ownerRole');
      const data = {
        group_id: gid,
        id: groupContactId(gid),
        owner_id: m.g.owner_id,
        user_id: target,
        role,
        changes: [{ user_id: target, role }],
      };
      if (current === role) return data;
      await store.updateMember(ctx.db, gid, target, { role });
      ctx.groups.invalidate(gid);
      pushToGroup(await store.memberIds(gid), 'setManager', data);
      const [who, whom] = await Promise.all([nameOf(me), nameOf(target)]);
      await announce(
        ctx,
        gid,
        me,
        who,
        role === GroupRole.ADMIN ? `${who} made ${whom} an admin` : `${who} removed ${whom} as admin`,
        { action: 'admin', user_ids: [target], names: [whom], role },
      );
      return data;
    },

    async setNoSpeak(me: number, gid: number, target: number, when: { until?: number; minutes?: number }) {
      if ((when.until === undefined) === (when.minutes === undefined)) throw fail(GroupMsg.muteWhen);
      const m = await loadMembership(gid, me);
      if (m.role === GroupRole.MEMBER) throw fail('groups.moderateMember');
      if (target === me) throw fail('groups.muteSelf');
      const role = await targetRole(gid, target);
      if (role === GroupRole.OWNER) throw fail('groups.ownerImmune');
      if (!mayModerate(m.role, role)) throw fail('groups.adminLimit');
      const now = Date.now();
      let until: number;
      if (when.minutes !== undefined) until = when.minutes === 0 ? 0 : now + when.minutes * 60_000;
      else {
        until = when.until as number;
        if (until !== 0 && until <= now) throw fail('groups.muteFuture');
      }
      if (until > now + GROUP_MUTE_MAX_DAYS * DAY_MS + MUTE_SLACK_MS) throw fail(GroupMsg.muteLong);
      await store.updateMember(ctx.db, gid, target, { mute_until: until });
      ctx.groups.invalidate(gid);
      const data = { group_id: gid, id: groupContactId(gid), user_id: target, mute_until: until };
      pushToGroup(await store.memberIds(gid), 'setNoSpeak', data);
      return data;
    },

    async addUsers(me: number, gid: number, userIds: number[]) {
      const m = await loadMembership(gid, me);
      if (!permissionsOf(m.role, m.setting).invite) throw fail('groups.inviteDenied');
      const picked = await pickFriends(me, userIds);
      return addMembers(me, gid, picked, { action: 'invite' });
    },

    async removeUser(me: number, gid: number, target: number) {
      const m = await loadMembership(gid, me);
      const leaving = target === me;
      if (leaving && m.role === GroupRole.OWNER) throw fail('groups.ownerLeave');
      if (!leaving) {
        if (m.role === GroupRole.MEMBER) throw fail('groups.moderateMember');
        const role = await targetRole(gid, target);
        if (role === GroupRole.OWNER) throw fail('groups.ownerImmune');
        if (!mayModerate(m.role, role)) throw fail('groups.adminLimit');
      }
      const before = await store.memberIds(gid);
      await ctx.db.transaction().execute(async (trx) => {
        await store.deleteMember(trx, gid, target);
        await removeConversation(trx, target, groupContactId(gid));
        if (!leaving) await qrCodes.noteRemoval(trx, gid, target);
      });
      ctx.groups.invalidate(gid);
      const [tiles, counts] = await Promise.all([store.avatarTiles([gid]), store.memberCounts([gid])]);
      const data = {
        group_id: gid,
        id: groupContactId(gid),
        user_id: target,
        by: me,
        left: leaving ? (1 as const) : (0 as const),
        member_count: counts.get(gid) ?? 0,
        avatars: tiles.get(gid) ?? [],
      };
      pushToGroup([...new Set([...before, target])], 'removeUser', data);
      const [who, whom] = await Promise.all([nameOf(me), nameOf(target)]);
      if (leaving) await announce(ctx, gid, me, who, `${who} left the group`, { action: 'leave' });
      else {
        await announce(ctx, gid, me, who, `${who} removed ${whom} from the group`, {
          action: 'remove',
          user_ids: [target],
          names: [whom],
        });
      }
      return data;
    },
  };
}
