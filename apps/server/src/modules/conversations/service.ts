import {
  avatarColorFor,
  type ChatContact,
  chatLastContent,
  FILE_TRANSFER_NAME,
  groupContactId,
  groupConvKey,
  isGroupContactId,
  indexLetterOf,
  type IsReadPush,
  OTHER_INDEX,
  parseGroupSetting,
  privateConvKey,
  SERVER_MESSAGE_TYPES,
  SYSTEM_CONTACT_ID,
  SYSTEM_CONTACT_NAME,
  systemConvKey,
} from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { userCards } from '../users/directory.ts';
import { apiContactId } from './keys.ts';
import { ensureConversation } from './rows.ts';
import { resolveScope, type Scope } from './scope.ts';
import { type LastMessageRow, conversationsStore as store } from './store.ts';
import type { OwnSocket } from '../../realtime/ownSocket.ts';

/** The `extends` column of an event or system message as an object (undefined when empty or not JSON). */
function extendsOf(text: string | null): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0 ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The chat list (getContacts) and the per-conversation settings and cursors of one user:
 * setMsgIsRead, readAtMsg, setChatTop, isNotice, delChat.
 */
export function conversationService(ctx: AppContext) {
  const db = ctx.db;

  /** Makes sure the scope's chat-list row exists (a conversation opened before any message). */
  async function ensureRow(me: number, scope: Scope): Promise<void> {
    if (!scope.row) await ensureConversation(db, me, scope.contactId, scope.convKeys[0]);
  }

  /** The names I see for these users: my remark for a friend, else their nickname. */
  async function namesOf(me: number, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const [cards, remarks] = await Promise.all([userCards(db, ids), ctx.friends.remarksOf(me, ids)]);
    return new Map([...cards.values()].map((u) => [u.id, remarks.get(u.id) || u.nickname]));
  }

  async function contacts(me: number): Promise<ChatContact[]> {
    // PostgreSQL: two round trips (three with groups, one more for a new user), the statements of each at once
    const [memberships, existingRows] = await Promise.all([store.memberships(db, me), store.contactIds(db, me)]);
    const existing = new Set(existingRows.map((r) => r.contact_id));
    const missing: { contact_id: string; conv_key: string }[] = [];
    const selfId = String(me);
    if (!existing.has(selfId)) missing.push({ contact_id: selfId, conv_key: privateConvKey(me, me) });
    if (!existing.has(SYSTEM_CONTACT_ID)) missing.push({ contact_id: SYSTEM_CONTACT_ID, conv_key: systemConvKey(me) });
    for (const m of memberships) {
      const id = groupContactId(m.group_id);
      if (!existing.has(id)) missing.push({ contact_id: id, conv_key: groupConvKey(m.group_id) });
    }
    await store.insertMissing(db, me, missing, Date.now());

    const groups = new Map(memberships.map((m) => [groupContactId(m.group_id) as string, { ...m, setting: parseGroupSetting(m.setting) }]));
    const visFloor = new Map<string, number>();
    const joinedAt = new Map<string, number>();
    for (const [id, g] of groups) {
      if (g.setting.history !== 1 && Number(g.joined_msg_id) > 0) visFloor.set(id, Number(g.joined_msg_id));
      joinedAt.set(id, Number(g.joined_at));
    }
    // the cards of every private chat's user, hidden rows too: read beside the chat rows, not after them
    const userIds = [...new Set([...existing, selfId])].filter((id) => /^\d+$/.test(id)).map(Number);
    const [rows, sys, userById, remarks] = await Promise.all([
      store.stats(db, ctx.dialect, me, visFloor, joinedAt),
      store.systemStats(db, ctx.dialect, me),
      userCards(db, userIds),
      ctx.friends.remarksOf(me, userIds),
    ]);

    // a row of a group I am no longer in is not shown; a hidden row comes back with a newer message
    const shown = rows.filter((r) => {
      if (isGroupContactId(r.contact_id) && !groups.has(r.contact_id)) return false;
      return !(r.hidden_msg_id > 0 && (r.last_id ?? 0) < r.hidden_msg_id);
    });
    // "Alice: …" is shown for groups only: the names of their last senders, not of every private chat's
    const groupSenders = shown.filter((r) => groups.has(r.contact_id) && r.last).map((r) => Number(r.last?.from_user));
    const senderNames = await namesOf(me, [...new Set(groupSenders)]);

    /** Who wrote a group's last message (not for notices or recalls): the "Alice: …" of the list. */
    function lastFrom(m: LastMessageRow | null) {
      if (!m || m.is_undo === 1 || (SERVER_MESSAGE_TYPES as readonly string[]).includes(m.type)) return undefined;
      return { id: m.from_user, name: senderNames.get(m.from_user) ?? String(m.from_user) };
    }

    /**
     * A row of the list from its display facts and last message, built as one object (a chat list has
     * 1,000 rows: no intermediate objects to spread, less garbage for the 1 MB young generation).
     */
    function contactRow(id: ChatContact['id'], shown: Pick<ChatContact, 'displayName' | 'avatar' | 'avatar_color' | 'index' | 'is_group' | 'is_online' | 'is_self'>,
      counts: Pick<ChatContact, 'unread' | 'is_top' | 'is_notice' | 'is_at'>, m: LastMessageRow | null): ChatContact {
      const last = m ? chatLastContent(m) : undefined;
      const row: ChatContact = {
        id,
        displayName: shown.displayName,
        avatar: shown.avatar,
        avatar_color: shown.avatar_color,
        unread: counts.unread,
        is_top: counts.is_top,
        is_notice: counts.is_notice,
        is_at: counts.is_at,
        lastContent: last ? last.text : '',
        last_key: last ? last.key : '',
        lastSendTime: m ? m.send_time : 0,
        type: m ? m.type : '',
        last_msg_id: m ? m.msg_id : 0,
        index: shown.index,
        is_group: shown.is_group,
        is_online: shown.is_online,
        is_self: shown.is_self,
      };
      // an event or system notice: its facts, so that the list can word it in the reader's language
      const ext = m && m.is_undo !== 1 && (SERVER_MESSAGE_TYPES as readonly string[]).includes(m.type) ? extendsOf(m.extends) : undefined;
      if (ext) row.last_extends = ext;
      return row;
    }

    const bit = (v: number) => (v === 1 ? 1 : 0) as 0 | 1;
    const list: ChatContact[] = shown.map((r) => {
      const counts = { unread: r.unread, is_top: bit(r.is_top), is_notice: bit(r.is_notice), is_at: r.at_count };
      const g = groups.get(r.contact_id);
      if (g) {
        const row = contactRow(
          r.contact_id,
          { displayName: g.name, avatar: g.avatar, avatar_color: avatarColorFor(g.group_id), index: OTHER_INDEX, is_group: 1, is_online: 0, is_self: 0 },
          counts,
          r.last,
        );
        const from = lastFrom(r.last);
        if (from) row.last_from = from;
        row.notice = g.notice;
        row.setting = g.setting;
        row.role = g.role;
        return row;
      }
      const uid = Number(r.contact_id);
      const u = userById.get(uid);
      const self = uid === me;
      const displayName = self ? FILE_TRANSFER_NAME : remarks.get(uid) || u?.nickname || r.contact_id;
      return contactRow(
        uid,
        {
          displayName,
          avatar: u?.avatar ?? '',
          avatar_color: u?.avatar_color ?? 1,
          index: indexLetterOf(displayName),
          is_group: 0,
          is_online: ctx.hub.isOnline(uid) ? 1 : 0,
          is_self: self ? 1 : 0,
        },
        counts,
        r.last,
      );
    });
    list.push(
      contactRow(
        SYSTEM_CONTACT_ID,
        { displayName: SYSTEM_CONTACT_NAME, avatar: '', avatar_color: 1, index: indexLetterOf(SYSTEM_CONTACT_NAME), is_group: 0, is_online: 0, is_self: 0 },
        { unread: sys.unread, is_top: bit(sys.is_top), is_notice: bit(sys.is_notice), is_at: 0 },
        sys.last,
      ),
    );
    return list.sort((a, b) => b.is_top - a.is_top || b.lastSendTime - a.lastSendTime);
  }

  /** Moves my read cursor to the newest message; the other side of a private chat is told (`isRead`). */
  async function markRead(me: number, contactId: string, isGroup: number | undefined, exceptClientId?: OwnSocket) {
    const scope = await resolveScope(ctx, me, contactId, isGroup);
    const last = await store.lastMsgId(db, scope.convKeys);
    await ensureRow(me, scope);
    const moved = last > 0 && (await store.setCursor(db, me, scope.contactId, 'read_msg_id', last));
    if (moved) await store.setCursor(db, me, scope.contactId, 'read_at_msg_id', last);
    if (moved && scope.kind === 'private' && scope.otherUserId !== me) {
      const data: IsReadPush = { toContactId: me, msg_id: last, reader: me };
      ctx.hub.pushUsers([scope.otherUserId as number], 'isRead', data, exceptClientId);
    }
    // my other devices clear the conversation's unread too (reader = me, the contact as I see it)
    if (moved) {
      const mine: IsReadPush = { toContactId: apiContactId(scope.contactId), msg_id: last, reader: me };
      ctx.hub.pushUsers([me], 'isRead', mine, exceptClientId);
    }
    return { toContactId: apiContactId(scope.contactId), msg_id: last };
  }

  async function markMentionsRead(me: number, contactId: string) {
    const scope = await resolveScope(ctx, me, contactId);
    const last = await store.lastMsgId(db, scope.convKeys);
    await ensureRow(me, scope);
    if (last > 0) await store.setCursor(db, me, scope.contactId, 'read_at_msg_id', last);
    return { toContactId: apiContactId(scope.contactId), msg_id: last };
  }

  async function setTop(me: number, contactId: string, isTop: 0 | 1, exceptClientId?: OwnSocket) {
    const scope = await resolveScope(ctx, me, contactId);
    await ensureRow(me, scope);
    await store.setFlags(db, me, scope.contactId, { is_top: isTop });
    const data = { id: apiContactId(scope.contactId), is_top: isTop };
    ctx.hub.pushUsers([me], 'setChatTop', data, exceptClientId);
    return data;
  }

  async function setNotice(me: number, contactId: string, isNotice: 0 | 1, exceptClientId?: OwnSocket) {
    const scope = await resolveScope(ctx, me, contactId);
    await ensureRow(me, scope);
    await store.setFlags(db, me, scope.contactId, { is_notice: isNotice });
    const data = { id: apiContactId(scope.contactId), is_notice: isNotice };
    ctx.hub.pushUsers([me], 'setIsNotice', data, exceptClientId);
    return data;
  }

  /** Hides the row until a newer message than any existing one arrives (any new msg_id is larger). */
  async function hide(me: number, contactId: string) {
    const scope = await resolveScope(ctx, me, contactId);
    await ensureRow(me, scope);
    const hiddenUntil = (await store.maxMsgId(db)) + 1;
    await store.setFlags(db, me, scope.contactId, { hidden_msg_id: hiddenUntil });
    return { id: apiContactId(scope.contactId) };
  }

  /** Clears the conversation's history for me: everything stored so far stops showing (my read cursor follows). */
  async function clear(me: number, contactId: string) {
    const scope = await resolveScope(ctx, me, contactId);
    await ensureRow(me, scope);
    const upTo = await store.maxMsgId(db);
    await store.setFlags(db, me, scope.contactId, { cleared_msg_id: upTo });
    return { id: apiContactId(scope.contactId), cleared_msg_id: upTo };
  }

  /** Of `userIds`, the ones who turned notifications off (do not disturb) for their chat `contactId`. */
  async function mutedAmong(contactId: string, userIds: number[]): Promise<Set<number>> {
    return new Set(await store.mutedAmong(db, contactId, userIds));
  }

  return { contacts, markRead, markMentionsRead, setTop, setNotice, hide, clear, mutedAmong };
}

export type ConversationService = ReturnType<typeof conversationService>;
