import {
  DEFAULT_GROUP_SETTING,
  GROUP_INFO_MEMBERS,
  GROUP_MUTE_MAX_DAYS,
  GROUP_NAME_MAX,
  GROUP_NOTICE_MAX,
  type GroupAvatarTile,
  groupContactId,
  groupConvKey,
  type GroupMemberView,
  GroupMsg,
  GroupRole,
  type GroupRoleValue,
  type GroupSetting,
  type GroupSummary,
  mayModerate,
  mayShareQrcode,
  NoSpeak,
  ownerOnlySettingKeys,
  type PushData,
  type PushName,
  parseGroupSetting,
  permissionsOf,
  richTextLength,
} from '@parley/protocol';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { GroupsTable } from '../../db/schema.ts';
import { fail } from '../../domainError.ts';
import { normalizeRichText } from '../../richText.ts';
import { Answer } from '../../answer.ts';
import { ensureConversation, removeConversation } from '../conversations/rows.ts';
import { verifyQr } from '../users/qr.ts';
import type { SystemService } from '../system/service.ts';
import { groupQrCodes } from './qrCodes.ts';
import { announce, type GroupEventExtends, type GroupEventInfo, groupEventExtends } from './announce.ts';
import { effectiveMute } from './rules.ts';
import { groupStore, type MemberRow, type UserBrief } from './store.ts';

type GroupRow = Selectable<GroupsTable>;
type Loaded = { g: GroupRow; setting: GroupSetting };
type Membership = Loaded & { role: GroupRoleValue; muteUntil: number };

const DAY_MS = 24 * 3600 * 1000;
/** a client clock a little ahead must not make "30 days" fail */
const MUTE_SLACK_MS = 60_000;


/** One page of the member list: `limit` rows from `offset`, only names (or my remarks) containing `keyword`. */
export interface MemberPage {
  offset?: number;
  limit?: number;
  keyword?: string;
}

export function groupService(ctx: AppContext, system: SystemService) {
  const store = groupStore(ctx.db, ctx.dialect);
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
    const friends = await store.friendIdsAmong(me, wanted);
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
    const [friends, remark] = await Promise.all([store.friendIdsAmong(viewer, ids), ctx.friends.remarksOf(viewer, ids)]);
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

  // --- endpoints -------------------------------------------------------------------------------

  return {
    loadMembership,

    async create(me: number, body: { name?: string | null; user_ids: number[]; name_sep?: string }): Promise<GroupSummary> {
      const others = await pickFriends(me, body.user_ids);
      await assertRoom(0, others.length + 1);
      const [creator] = await store.users([me]);
      if (!creator) throw fail('groups.notMember');
      const name = body.name?.trim() || defaultName([creator, ...others], body.name_sep || undefined);
      const now = Date.now();
      const members = [
        { user_id: me, role: GroupRole.OWNER as number },
        ...others.map((u) => ({ user_id: u.id, role: GroupRole.MEMBER as number })),
      ];
      const gid = await ctx.db.transaction().execute(async (trx) => {
        const id = await store.insertGroup(trx, {
          name,
          owner_id: me,
          setting: JSON.stringify(DEFAULT_GROUP_SETTING),
          now,
        });
        await store.insertMembers(trx, id, members, 0, now);
        for (const m of members) await ensureConversation(trx, m.user_id, groupContactId(id), groupConvKey(id));
        return id;
      });
      ctx.groups.invalidate(gid);
      const { g } = await loadGroup(gid);
      const s = await summary(g, GroupRole.OWNER);
      const content = `${creator.nickname} created the group with ${listNames(others)}`;
      const info: GroupEventInfo = { action: 'create', user_ids: others.map((u) => u.id), names: others.map((u) => u.nickname) };
      pushToGroup(
        members.map((m) => m.user_id),
        'addGroup',
        contactOf(s, content, now, groupEventExtends(me, creator.nickname, info)),
      );
      await announce(ctx, gid, me, creator.nickname, content, info);
      return s;
    },

    async info(me: number, gid: number) {
      const m = await loadMembership(gid, me);
      const perms = permissionsOf(m.role, m.setting);
      const [s, conv, rows] = await Promise.all([
        summary(m.g, m.role, m.setting),
        store.conversation(me, groupContactId(gid)),
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

    async rename(me: number, gid: number, displayName: string) {
      const m = await loadMembership(gid, me);
      if (!permissionsOf(m.role, m.setting).rename) throw fail('groups.renameDenied');
      const data = { group_id: gid, id: groupContactId(gid), displayName, name: displayName };
      if (displayName === m.g.name) return data;
      await store.updateGroup(ctx.db, gid, { name: displayName });
      ctx.groups.invalidate(gid);
      pushToGroup(await store.memberIds(gid), 'editGroupName', data);
      const who = await nameOf(me);
      await announce(ctx, gid, me, who, `${who} renamed the group to ${displayName}`, { action: 'rename', name: displayName });
      return data;
    },

    /** `given` is rich text (or an old client's plain text): stored sanitized, its text at most GROUP_NOTICE_MAX long. */
    async setNotice(me: number, gid: number, given: string) {
      const m = await loadMembership(gid, me);
      if (!permissionsOf(m.role, m.setting).notice) throw fail('groups.noticeDenied');
      const notice = normalizeRichText(given);
      if (richTextLength(notice) > GROUP_NOTICE_MAX) throw fail('groups.noticeLong');
      const notice_at = Date.now();
      const data = { group_id: gid, id: groupContactId(gid), notice, notice_at, by: me };
      if (notice === m.g.notice) return { ...data, notice_at: m.g.notice_at };
      await store.updateGroup(ctx.db, gid, { notice, notice_at });
      ctx.groups.invalidate(gid);
      pushToGroup(await store.memberIds(gid), 'setNotice', data);
      const who = await nameOf(me);
      await announce(ctx, gid, me, who, notice ? `${who} changed the group notice` : `${who} removed the group notice`, {
        action: 'notice',
        cleared: notice ? 0 : 1,
      });
      return data;
    },

    async setting(me: number, gid: number, patch: Partial<GroupSetting>) {
      const m = await loadMembership(gid, me);
      const perms = permissionsOf(m.role, m.setting);
      if (!perms.setting) throw fail('groups.settingDenied');
      const result = await ctx.db.transaction().execute(async (trx) => {
        const row = await store.lockGroup(trx, gid);
        if (!row || row.removed_at !== null) throw fail('groups.dissolved');
        const current = parseGroupSetting(row.setting);
        if (!perms.ownerSetting && ownerOnlySettingKeys(current, patch).length > 0) {
          throw fail('groups.ownerSetting');
        }
        const next: GroupSetting = { ...current, ...patch };
        await store.updateGroup(trx, gid, { setting: JSON.stringify(next) });
        return { before: current, after: next };
      });
      ctx.groups.invalidate(gid);
      const data = { group_id: gid, id: groupContactId(gid), setting: result.after };
      pushToGroup(await store.memberIds(gid), 'groupSetting', data);
      if (result.before.nospeak !== result.after.nospeak) {
        const who = await nameOf(me);
        const text =
          result.after.nospeak === NoSpeak.OFF
            ? `${who} turned off mute all`
            : result.after.nospeak === NoSpeak.ADMINS_ONLY
              ? `${who} turned on mute all: only the owner and admins can speak`
              : `${who} turned on mute all: only the owner can speak`;
        await announce(ctx, gid, me, who, text, { action: 'nospeak', nospeak: result.after.nospeak });
      }
      return data;
    },

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

    async dissolve(me: number, gid: number) {
      const m = await loadMembership(gid, me);
      if (m.role !== GroupRole.OWNER) throw fail('groups.dissolveDenied');
      const former = await ctx.db.transaction().execute(async (trx) => {
        const row = await store.lockGroup(trx, gid);
        if (!row || row.removed_at !== null) throw fail('groups.dissolved');
        if (row.owner_id !== me) throw fail('groups.dissolveDenied');
        const ids = await store.memberIds(gid, trx);
        await store.updateGroup(trx, gid, { removed_at: Date.now() });
        await store.deleteAllMembers(trx, gid);
        await store.deleteAllConversations(trx, groupContactId(gid));
        return ids;
      });
      ctx.groups.invalidate(gid);
      const data = { group_id: gid, id: groupContactId(gid), by: me, name: m.g.name };
      pushToGroup(former, 'removeGroup', data);
      return data;
    },

    async clearMessages(me: number, gid: number, all: boolean) {
      const m = await loadMembership(gid, me);
      if (all && m.role !== GroupRole.OWNER) throw fail('groups.clearAllDenied');
      const contactId = groupContactId(gid);
      const cleared = await ctx.db.transaction().execute(async (trx) => {
        const max = await store.maxMsgId(gid, trx);
        await ensureConversation(trx, me, contactId, groupConvKey(gid));
        await store.clearConversations(trx, contactId, all ? null : me, max);
        return max;
      });
      const data = { group_id: gid, id: contactId, cleared_msg_id: cleared, all: all ? (1 as const) : (0 as const) };
      pushToGroup(all ? await store.memberIds(gid) : [me], 'clearMessage', data);
      return data;
    },

    async mentionList(me: number, gid: number | undefined) {
      if (gid === undefined) {
        const friends = await store.friendsOf(me);
        return {
          list: friends.map((f) => ({
            user_id: f.user_id,
            nickname: f.remark || f.nickname,
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

    async qrcode(me: number, gid: number) {
      const m = await loadMembership(gid, me);
      if (!mayShareQrcode(m.role, m.setting)) throw fail('groups.qrInviteDenied');
      const { text, expiresAt } = await qrCodes.sign(gid, me);
      const s = await summary(m.g, m.role, m.setting);
      return {
        group_id: gid,
        id: s.id,
        name: s.name,
        avatar: s.avatar,
        avatars: s.avatars,
        text,
        expires_at: expiresAt,
      };
    },

    /** Revokes every code of the group (owner or admin) and answers a fresh one. */
    async resetQrcode(me: number, gid: number) {
      const m = await loadMembership(gid, me);
      if (m.role === GroupRole.MEMBER) throw fail('groups.moderateMember');
      await qrCodes.reset(gid);
      return this.qrcode(me, gid);
    },

    async join(me: number, body: { qrcode?: string; code?: string; group_id?: number }) {
      const text = (body.qrcode ?? body.code ?? '').trim();
      const now = Date.now();
      const verdict = verifyQr(ctx.secret, text, now);
      if ('error' in verdict) {
        throw fail(verdict.error === 'expired' ? 'groups.qrExpired' : 'users.qrInvalid');
      }
      if (verdict.kind !== 'g') throw fail('groups.qrNotGroup');
      const gid = Number(verdict.id);
      if (body.group_id !== undefined && body.group_id !== gid) throw fail('users.qrInvalid');
      const { g, setting } = await loadGroup(gid);
      const existing = await store.member(gid, me);
      if (existing) return { ...(await summary(g, existing.role as GroupRoleValue, setting)), joined: 0 as const };
      const makerRole = await qrCodes.makerRole(gid, verdict, me);
      if (makerRole === GroupRole.MEMBER && setting.invite === 0) throw fail('groups.joinInviteDenied');
      const [self] = await store.users([me]);
      if (!self) throw fail('groups.notMember');
      await addMembers(me, gid, [self], { action: 'join', via: 'qrcode' });
      const after = await loadGroup(gid);
      return { ...(await summary(after.g, GroupRole.MEMBER, after.setting)), joined: 1 as const };
    },

    async bindGroup(me: number, gid: number, clientId: string) {
      await loadMembership(gid, me);
      return { group_id: gid, id: groupContactId(gid), client_id: clientId };
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
}

export type GroupService = ReturnType<typeof groupService>;
