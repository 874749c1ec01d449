import {
  DEFAULT_GROUP_SETTING,
  GROUP_NOTICE_MAX,
  groupContactId,
  groupConvKey,
  GroupRole,
  type GroupSetting,
  type GroupSummary,
  NoSpeak,
  ownerOnlySettingKeys,
  parseGroupSetting,
  permissionsOf,
  richTextLength,
} from '@parley/protocol';
import { fail } from '../../domainError.ts';
import { normalizeRichText } from '../../richText.ts';
import { ensureConversation } from '../conversations/rows.ts';
import { conversationsStore } from '../conversations/store.ts';
import { announce, type GroupEventInfo, groupEventExtends } from './announce.ts';
import type { GroupKit } from './kit.ts';

/** A group's life: creating it, its name, notice and settings, clearing its history and dissolving it. */
export function groupLifecycle(kit: GroupKit) {
  const { ctx, store, assertRoom, loadGroup, loadMembership, pickFriends, nameOf, summary, contactOf, defaultName, listNames, pushToGroup } = kit;
  return {
    async create(me: number, body: { name?: string | null; user_ids: number[]; name_sep?: string; client_id?: string }): Promise<GroupSummary> {
      // a retry of a creation whose answer was lost answers that group
      const madeBefore = async () => (body.client_id === undefined ? undefined : store.groupByClientId(ctx.db, me, body.client_id));
      const answerMade = async (id: number) => summary((await loadGroup(id)).g, GroupRole.OWNER);
      const before = await madeBefore();
      if (before !== undefined) return answerMade(before);
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
      const created = ctx.db.transaction().execute(async (trx) => {
        const id = await store.insertGroup(trx, {
          name,
          owner_id: me,
          setting: JSON.stringify(DEFAULT_GROUP_SETTING),
          now,
          client_id: body.client_id ?? null,
        });
        await store.insertMembers(trx, id, members, 0, now);
        for (const m of members) await ensureConversation(trx, m.user_id, groupContactId(id), groupConvKey(id));
        return id;
      });
      let gid: number;
      try {
        gid = await created;
      } catch (err) {
        // the same creation tried twice at once: the other one made it (the client id is unique per owner)
        const other = await madeBefore();
        if (other === undefined) throw err;
        return answerMade(other);
      }
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
        await conversationsStore.deleteAllOf(trx, groupContactId(gid));
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
        await conversationsStore.clearUpTo(trx, contactId, all ? null : me, max);
        return max;
      });
      const data = { group_id: gid, id: contactId, cleared_msg_id: cleared, all: all ? (1 as const) : (0 as const) };
      pushToGroup(all ? await store.memberIds(gid) : [me], 'clearMessage', data);
      return data;
    },
  };
}
