import {
  GROUP_NAME_MAX,
  type GroupAvatarTile,
  groupContactId,
  groupConvKey,
  type GroupMemberView,
  GroupMsg,
  GroupRole,
  type GroupRoleValue,
  type GroupSetting,
  type GroupSummary,
  type PushData,
  type PushName,
  parseGroupSetting,
  permissionsOf,
} from '@parley/protocol';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { GroupsTable } from '../../db/schema.ts';
import { fail } from '../../domainError.ts';
import { Answer } from '../../answer.ts';
import { ensureConversation, } from '../conversations/rows.ts';
import type { SystemService } from '../system/service.ts';
import { groupQrCodes } from './qrCodes.ts';
import { announce, type GroupEventExtends, type GroupEventInfo, groupEventExtends } from './announce.ts';
import { effectiveMute } from './rules.ts';
import { groupStore, type MemberRow, type UserBrief } from './store.ts';

type GroupRow = Selectable<GroupsTable>;
type Loaded = { g: GroupRow; setting: GroupSetting };
type Membership = Loaded & { role: GroupRoleValue; muteUntil: number };



/** One page of the member list: `limit` rows from `offset`, only names (or my remarks) containing `keyword`. */
export interface MemberPage {
  offset?: number;
  limit?: number;
  keyword?: string;
}

/** What the groups endpoints share: loading and checks, the shapes they answer, pushes, adding members. */
export function groupKit(ctx: AppContext, system: SystemService) {
  const store = groupStore(ctx.db, ctx.dialect, ctx.friends);
  const qrCodes = groupQrCodes(ctx.db, ctx.secret);

  // --- loading and checks --------------------------------------------------------------------

  /** The `groupMaxMembers` setting (sysInfo) is the one limit on a group's size. */
  async function assertRoom(members: number, joining: number): Promise<void> {
    const max = (await system.sysInfo()).groupMaxMembers;
    if (members + joining > max) throw fail(GroupMsg.tooMany, { max });
  }

  async function loadGroup(gid: number): Promise<Loaded> {
    const g = await store.group(gid);
    if (!g) throw fail('groups.notFound');
    if (g.removed_at !== null) throw fail('groups.dissolved');
    return { g, setting: parseGroupSetting(g.setting) };
  }

  async function loadMembership(gid: number, uid: number): Promise<Membership> {
    const loaded = await loadGroup(gid);
    const m = await store.member(gid, uid);
    if (!m) throw fail('groups.notMember');
    return { ...loaded, role: m.role as GroupRoleValue, muteUntil: m.mute_until };
  }

  async function targetRole(gid: number, uid: number): Promise<GroupRoleValue> {
    const m = await store.member(gid, uid);
    if (!m) throw fail('groups.targetNotMember');
    return m.role as GroupRoleValue;
  }

  /** The picked people (not me), each an existing user and my friend. */
  async function pickFriends(me: number, ids: number[]): Promise<UserBrief[]> {
    const wanted = [...new Set(ids)].filter((id) => id !== me);
    if (wanted.length === 0) throw fail('groups.pickOther');
    const users = await store.users(wanted);
    const found = new Map(users.map((u) => [u.id, u]));
    const missing = wanted.find((id) => !found.has(id));
    if (missing !== undefined) throw fail('groups.userMissing', { id: missing });
    const friends = await ctx.friends.friendsAmong(me, wanted);
    const stranger = wanted.find((id) => !friends.has(id));
    if (stranger !== undefined) {
      throw fail('groups.notFriend', { name: found.get(stranger)?.nickname ?? String(stranger) });
    }
    return wanted.map((id) => found.get(id) as UserBrief);
  }

  async function nameOf(uid: number): Promise<string> {
    const [u] = await store.users([uid]);
    return u?.nickname ?? String(uid);
  }

  // --- shapes ----------------------------------------------------------------------------------

  async function summary(g: GroupRow, role: GroupRoleValue, setting = parseGroupSetting(g.setting)): Promise<GroupSummary> {
    const [tiles, counts] = await Promise.all([store.avatarTiles([g.id]), store.memberCounts([g.id])]);
    const hidden = !permissionsOf(role, setting).viewMembers;
    return {
      group_id: g.id,
      id: groupContactId(g.id),
      name: g.name,
      displayName: g.name,
      avatar: g.avatar,
      avatars: tiles.get(g.id) ?? [],
      owner_id: g.owner_id,
      member_count: hidden ? null : (counts.get(g.id) ?? 0),
      role,
      notice: g.notice,
      notice_at: g.notice_at,
      setting,
      created_at: g.created_at,
    };
  }

  /** The chat-list contact of a group, as `addGroup` pushes it and getContacts lists it. */
  /** `last_extends`: the event that brought the group to this user, for clients to word it. */
  function contactOf(
    s: GroupSummary,
    lastContent: string,
    lastSendTime: number,
    last_extends: GroupEventExtends,
  ): PushData<'addGroup'> {
    return {
      id: s.id,
      group_id: s.group_id,
      displayName: s.name,
      avatar: s.avatar,
      avatars: s.avatars,
      owner_id: s.owner_id,
      type: 'group',
      is_group: 1,
      lastContent,
      last_extends,
      lastSendTime,
      unread: 0,
      is_top: 0,
      is_notice: 1,
      is_at: 0,
      setting: s.setting,
      notice: s.notice,
      index: '#',
    };
  }

  async function memberViews(viewer: number, rows: MemberRow[], setting: GroupSetting, myRole: number): Promise<GroupMemberView[]> {
    const ids = rows.map((r) => r.user_id);
    const [friends, remark] = await Promise.all([ctx.friends.friendsAmong(viewer, ids), ctx.friends.remarksOf(viewer, ids)]);
    const mayAdd = setting.addFriend === 1 || myRole !== GroupRole.MEMBER;
    const now = Date.now();
    return rows.map((r) => {
      const isFriend = friends.has(r.user_id);
      return {
        user_id: r.user_id,
        nickname: remark.get(r.user_id) ?? r.nickname,
        avatar: r.avatar,
        avatar_color: r.avatar_color,
        role: r.role as GroupRoleValue,
        mute_until: effectiveMute(r.mute_until, now),
        is_friend: isFriend ? 1 : 0,
        can_add_friend: !isFriend && r.user_id !== viewer && mayAdd ? 1 : 0,
      };
    });
  }

  function defaultName(users: { nickname: string }[], sep = '、'): string {
    let name = '';
    for (const u of users) {
      const next = name ? `${name}${sep}${u.nickname}` : u.nickname;
      if ([...next].length > GROUP_NAME_MAX) {
        if (!name) name = [...u.nickname].slice(0, GROUP_NAME_MAX - 1).join('');
        return [...name].length >= GROUP_NAME_MAX ? name : `${name}…`;
      }
      name = next;
    }
    return name;
  }

  function listNames(users: { nickname: string }[]): string {
    const names = users.map((u) => u.nickname);
    if (names.length <= 1) return names.join('');
    return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  }

  function pushToGroup<K extends PushName>(userIds: number[], type: K, data: PushData<K>) {
    ctx.hub.pushUsers(userIds, type, data);
  }


  /**
   * Adds people as plain members in one transaction (limit checked under the group lock):
   * chat rows, the history cut when `history` is off, pushes and the event message.
   * `me` is the inviter, or the joiner for a QR join.
   */
  async function addMembers(
    me: number,
    gid: number,
    people: UserBrief[],
    how: { action: 'invite' } | { action: 'join'; via: 'qrcode' },
  ) {
    const now = Date.now();
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const row = await store.lockGroup(trx, gid);
      if (!row || row.removed_at !== null) throw fail('groups.dissolved');
      const existing = new Set(await store.memberIds(gid, trx));
      const fresh = people.filter((p) => !existing.has(p.id));
      if (fresh.length === 0) return { existing: [...existing], fresh };
      await assertRoom(existing.size, fresh.length);
      // the joining point: with `history` off, readers show this member only what comes after it
      const cut = await store.maxMsgId(gid, trx);
      await store.insertMembers(
        trx,
        gid,
        fresh.map((p) => ({ user_id: p.id, role: GroupRole.MEMBER })),
        cut,
        now,
      );
      for (const p of fresh) {
        await ensureConversation(trx, p.id, groupContactId(gid), groupConvKey(gid), { unhide: true });
      }
      if (how.action === 'invite') await qrCodes.forgetRemovals(trx, gid, fresh.map((p) => p.id));
      return { existing: [...existing], fresh };
    });
    const { fresh } = outcome;
    if (fresh.length === 0) {
      return new Answer(
        { group_id: gid, id: groupContactId(gid), added: [] as GroupAvatarTile[], member_count: outcome.existing.length },
        { note: 'groups.alreadyIn' },
      );
    }
    ctx.groups.invalidate(gid);
    const { g } = await loadGroup(gid);
    const s = await summary(g, GroupRole.MEMBER);
    const who = await nameOf(me);
    const content =
      how.action === 'join' ? `${who} joined the group by scanning its QR code` : `${who} invited ${listNames(fresh)} to the group`;
    const info: GroupEventInfo =
      how.action === 'join' ? how : { action: 'invite', user_ids: fresh.map((p) => p.id), names: fresh.map((p) => p.nickname) };
    const added = fresh.map((p) => ({ user_id: p.id, nickname: p.nickname, avatar: p.avatar, avatar_color: p.avatar_color }));
    const memberCount = outcome.existing.length + fresh.length;
    pushToGroup(
      fresh.map((p) => p.id),
      'addGroup',
      contactOf(s, content, now, groupEventExtends(me, who, info)),
    );
    pushToGroup(outcome.existing, 'addGroupUser', {
      group_id: gid,
      id: groupContactId(gid),
      users: added.map((a) => ({ ...a, role: GroupRole.MEMBER })),
      by: me,
      member_count: memberCount,
      avatars: s.avatars,
    });
    await announce(ctx, gid, me, who, content, info);
    return { group_id: gid, id: groupContactId(gid), added, member_count: memberCount };
  }

  return { ctx, system, store, qrCodes, assertRoom, loadGroup, loadMembership, targetRole, pickFriends, nameOf, summary, contactOf, memberViews, defaultName, listNames, pushToGroup, addMembers };
}

export type GroupKit = ReturnType<typeof groupKit>;
export type { GroupRow, Loaded, Membership };
