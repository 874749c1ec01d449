import {
  GROUP_INFO_MEMBERS,
  groupContactId,
  type GroupRoleValue,
  parseGroupSetting,
  permissionsOf,
} from '@parley/protocol';
import { fail } from '../../domainError.ts';
import { Answer } from '../../answer.ts';
import { conversationRow } from '../conversations/scope.ts';
import { userCards } from '../users/directory.ts';
import { effectiveMute } from './rules.ts';
import type { GroupKit, MemberPage } from './kit.ts';

/** Reading groups: a group's info, its member pages, the @ list and my groups. */
export function groupReading(kit: GroupKit) {
  const { ctx, store, loadMembership, summary, memberViews } = kit;
  return {
    async info(me: number, gid: number) {
      const m = await loadMembership(gid, me);
      const perms = permissionsOf(m.role, m.setting);
      const [s, conv, rows] = await Promise.all([
        summary(m.g, m.role, m.setting),
        conversationRow(ctx.db, me, groupContactId(gid)),
        perms.viewMembers ? store.members(gid, GROUP_INFO_MEMBERS) : Promise.resolve([]),
      ]);
      return {
        group: {
          ...s,
          mute_until: effectiveMute(m.muteUntil),
          is_top: conv?.is_top === 1 ? (1 as const) : (0 as const),
          is_notice: (conv?.is_notice ?? 1) === 0 ? (0 as const) : (1 as const),
          members_hidden: perms.viewMembers ? (0 as const) : (1 as const),
          permissions: perms,
        },
        members: await memberViews(me, rows, m.setting, m.role),
      };
    },

    async userList(me: number, gid: number, page: MemberPage = {}) {
      const m = await loadMembership(gid, me);
      if (!permissionsOf(m.role, m.setting).viewMembers) throw fail('groups.membersHidden');
      if (page.limit === undefined && !page.keyword) {
        const views = await memberViews(me, await store.members(gid), m.setting, m.role);
        return new Answer(views, { count: views.length });
      }
      const { rows, total } = await store.memberPage(gid, me, page);
      return new Answer(await memberViews(me, rows, m.setting, m.role), { count: total });
    },

    async mentionList(me: number, gid: number | undefined) {
      if (gid === undefined) {
        const remarks = await ctx.friends.friendRemarks(me);
        const friends = [...(await userCards(ctx.db, [...remarks.keys()])).values()].sort((a, b) =>
          a.nickname < b.nickname ? -1 : a.nickname > b.nickname ? 1 : 0,
        );
        return {
          list: friends.map((f) => ({
            user_id: f.id,
            nickname: remarks.get(f.id) || f.nickname,
            avatar: f.avatar,
            avatar_color: f.avatar_color,
          })),
          canAtAll: false,
        };
      }
      const m = await loadMembership(gid, me);
      const perms = permissionsOf(m.role, m.setting);
      const rows = perms.viewMembers ? (await store.members(gid)).filter((r) => r.user_id !== me) : [];
      const views = await memberViews(me, rows, m.setting, m.role);
      return {
        list: views.map((v) => ({
          user_id: v.user_id,
          nickname: v.nickname,
          avatar: v.avatar,
          avatar_color: v.avatar_color,
          role: v.role,
        })),
        canAtAll: perms.atAll,
        members_hidden: perms.viewMembers ? (0 as const) : (1 as const),
      };
    },

    async myGroups(me: number) {
      const rows = await store.myGroups(me);
      const ids = rows.map((r) => r.id);
      const [tiles, counts] = await Promise.all([store.avatarTiles(ids), store.memberCounts(ids)]);
      const list = rows.map((r) => {
        const setting = parseGroupSetting(r.setting);
        const hidden = !permissionsOf(r.role, setting).viewMembers;
        return {
          id: groupContactId(r.id),
          group_id: r.id,
          name: r.name,
          displayName: r.name,
          avatar: r.avatar,
          avatars: tiles.get(r.id) ?? [],
          member_count: hidden ? null : (counts.get(r.id) ?? 0),
          role: r.role as GroupRoleValue,
          owner_id: r.owner_id,
          index: '#',
        };
      });
      return new Answer(list, { count: list.length });
    },
  };
}
