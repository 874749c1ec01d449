import {
  applyIncomingMessage,
  type ChatContact,
  type ChatMessage,
  chatLastContent,
  type GroupAvatarTile,
  indexLetterOf,
  type Message,
  toMillis,
  RECALLED_LABEL,
  SYSTEM_CONTACT_ID,
  sortContacts,
  type UndoMessagePush,
  unreadTotal,
  isGroupContactId,
  conversationIdOf,
  isSystemContactId,
  sameContactId,
} from '@parley/protocol';

/**
 * Pure operations on the chat list (spec §4). The zustand store (`conversations.ts`) keeps the
 * state; everything here returns new values and never mutates its input.
 *
 * Nothing twice: every row knows the newest msg_id it reflects (`last_msg_id`); a message at or
 * below it is already counted, so a push that races a reload, or arrives twice, changes nothing.
 */

/** A row of the chat list: the server's contact, plus the member faces of a group when known. */
export interface ConversationRow extends ChatContact {
  avatars?: GroupAvatarTile[];
  group_id?: number;
}

export interface ListState {
  /** Sorted: pinned first, then by last send time (protocol `sortContacts`). */
  contacts: ConversationRow[];
  /** Unread system notices (spec §4: they raise this count, not a contact's). */
  systemUnread: number;
}

export const EMPTY_LIST: ListState = { contacts: [], systemUnread: 0 };

const bit = (v: unknown, fallback: 0 | 1): 0 | 1 => (v === undefined || v === null ? fallback : Number(v) === 1 ? 1 : 0);
const count = (v: unknown): number => Math.max(0, Math.trunc(Number(v) || 0));

/** Fills the fields a pushed or partial contact may lack (appendContact and addGroup send fewer). */
export function normalizeContact(raw: Partial<ConversationRow> & Pick<ConversationRow, 'id'>): ConversationRow {
  const isGroup = bit(raw.is_group, isGroupContactId(raw.id) ? 1 : 0);
  const displayName = String(raw.displayName ?? raw.id);
  const row: ConversationRow = {
    ...raw,
    id: raw.id,
    displayName,
    avatar: raw.avatar ?? '',
    avatar_color: Number(raw.avatar_color) || 1,
    lastContent: raw.lastContent ?? '',
    lastSendTime: Number(raw.lastSendTime) || 0,
    type: raw.type ?? '',
    unread: count(raw.unread),
    is_top: bit(raw.is_top, 0),
    is_notice: bit(raw.is_notice, 1),
    is_at: count(raw.is_at),
    is_group: isGroup,
    is_online: bit(raw.is_online, 0),
    is_self: bit(raw.is_self, 0),
    index: raw.index || (isGroup ? '#' : indexLetterOf(displayName)),
    last_msg_id: count(raw.last_msg_id),
  };
  return row;
}

function indexOfId(list: readonly ConversationRow[], id: unknown): number {
  return list.findIndex((c) => sameContactId(c.id, id));
}

export function findContact(list: readonly ConversationRow[], id: unknown): ConversationRow | undefined {
  return list.find((c) => sameContactId(c.id, id));
}

/** The `extends` of an event or system notice worth keeping on the row (undefined otherwise). */
function noticeExtends(m: Pick<ChatMessage, 'type' | 'extends' | 'is_undo'>): Record<string, unknown> | undefined {
  if (m.is_undo === 1 || (m.type !== 'event' && m.type !== 'system')) return undefined;
  return m.extends && Object.keys(m.extends).length > 0 ? m.extends : undefined;
}

/** The rule shape of protocol's `applyIncomingMessage` (msg_id is a string there). */
function asRuleMessage(m: ChatMessage): Message {
  return { ...m, msg_id: String(m.msg_id), extends: m.extends as Message['extends'] };
}

export interface IncomingOutcome {
  state: ListState;
  /** The message was new to the list (false: already reflected, nothing changed). */
  applied: boolean;
  /** A row was made from the message alone: the caller may reload to get its real name and avatar. */
  created: boolean;
  conversationId: string;
}

/**
 * An incoming (or just sent) message: last content, time, type, unread +1 when from someone else,
 * mention +1 when I am in `at` (0 = everyone), an unknown conversation created, the system
 * contact's own count (spec §4). The open chat (`activeId`) gets no unread: the chat screen reads it.
 */
export function applyIncoming(state: ListState, m: ChatMessage, me: number | string, activeId: string | null): IncomingOutcome {
  const conversationId = conversationIdOf(m, me);
  const existing = findContact(state.contacts, conversationId);
  const unchanged = { state, applied: false, created: false, conversationId };
  if (existing && m.msg_id <= existing.last_msg_id) return unchanged;

  const fromOther = !sameContactId(m.fromUser.id, me);
  const active = sameContactId(activeId, conversationId);
  const label = chatLastContent(m);
  const last = {
    lastContent: label.text,
    last_key: label.key,
    lastSendTime: toMillis(m.sendTime),
    type: m.type,
    last_msg_id: m.msg_id,
    // an event's facts, for the list to word it in the reader's language (labels.ts)
    last_extends: noticeExtends(m),
    // a group row's "Alice: …" (not for notices)
    last_from: m.is_group === 1 && !noticeExtends(m) && m.type !== 'event' && m.type !== 'system' ? { id: m.fromUser.id, name: m.fromUser.displayName } : undefined,
  };

  if (conversationId === SYSTEM_CONTACT_ID) {
    const systemUnread = state.systemUnread + (fromOther && !active ? 1 : 0);
    const contacts = existing
      ? sortContacts(state.contacts.map((c) => (c === existing ? { ...c, ...last, unread: systemUnread } : c)))
      : state.contacts;
    return { state: { contacts, systemUnread }, applied: true, created: false, conversationId };
  }

  const ruled = applyIncomingMessage(state.contacts, asRuleMessage(m), me).contacts as ConversationRow[];
  const i = indexOfId(ruled, conversationId);
  let row: ConversationRow = { ...(ruled[i] as ConversationRow), ...last };
  // `at` 0 means everyone (the rule only knows user ids).
  const at = m.at ?? [];
  if (m.is_group === 1 && fromOther && at.some((id) => Number(id) === 0) && !at.some((id) => sameContactId(id, me))) {
    row.is_at += 1;
  }
  if (active) row = { ...row, unread: existing?.unread ?? 0, is_at: existing?.is_at ?? 0 };
  if (!existing) {
    row = normalizeContact({
      ...row,
      // as the server names it: a user id is a number, groups and 'system' are strings
      id: /^\d+$/.test(conversationId) ? Number(conversationId) : conversationId,
      avatar_color: !m.is_group && fromOther ? m.fromUser.avatar_color : 1,
      is_self: sameContactId(conversationId, me) ? 1 : 0,
    });
  }
  const contacts = [...ruled];
  contacts[i] = row;
  return { state: { ...state, contacts: sortContacts(contacts) }, applied: true, created: !existing, conversationId };
}

/** Applies several messages in msg_id order (each one at most once). */
export function applyIncomingAll(state: ListState, messages: readonly ChatMessage[], me: number | string, activeId: string | null): ListState {
  const ordered = [...messages].sort((a, b) => a.msg_id - b.msg_id);
  return ordered.reduce((s, m) => applyIncoming(s, m, me, activeId).state, state);
}

/**
 * The list the server answered, plus the messages pushed while the request was on its way (they
 * may be missing from the answer; the msg_id guard drops the ones it already has).
 */
export function fromServer(
  list: readonly (Partial<ConversationRow> & Pick<ConversationRow, 'id'>)[],
  pushedMeanwhile: readonly ChatMessage[],
  me: number | string,
  activeId: string | null,
  previous: ListState = EMPTY_LIST,
): ListState {
  const contacts = list.map((raw) => {
    const row = normalizeContact(raw);
    // The server's contact list has no member faces; keep the ones a push gave us.
    const before = findContact(previous.contacts, row.id);
    return before?.avatars && !row.avatars ? { ...row, avatars: before.avatars } : row;
  });
  const system = findContact(contacts, SYSTEM_CONTACT_ID);
  let state: ListState = { contacts: sortContacts(contacts), systemUnread: system?.unread ?? 0 };
  state = applyIncomingAll(state, pushedMeanwhile, me, activeId);
  return activeId ? markRead(state, activeId) : state;
}

function mapRow(state: ListState, id: unknown, update: (row: ConversationRow) => ConversationRow, resort = false): ListState {
  const i = indexOfId(state.contacts, id);
  if (i < 0) return state;
  const contacts = [...state.contacts];
  contacts[i] = update(contacts[i]);
  return { ...state, contacts: resort ? sortContacts(contacts) : contacts };
}

/** No unread and no unread mention left in the conversation. */
export function markRead(state: ListState, id: unknown): ListState {
  const row = findContact(state.contacts, id);
  const systemUnread = isSystemContactId(id) ? 0 : state.systemUnread;
  if ((!row || (row.unread === 0 && row.is_at === 0)) && systemUnread === state.systemUnread) return state;
  return { ...mapRow(state, id, (c) => ({ ...c, unread: 0, is_at: 0 })), systemUnread };
}

export function setTop(state: ListState, id: unknown, isTop: 0 | 1): ListState {
  return mapRow(state, id, (c) => ({ ...c, is_top: isTop }), true);
}

export function setNotice(state: ListState, id: unknown, notice: 0 | 1): ListState {
  return mapRow(state, id, (c) => ({ ...c, is_notice: notice }));
}

export function rename(state: ListState, id: unknown, displayName: string): ListState {
  return mapRow(state, id, (c) => ({ ...c, displayName }));
}

export function removeRow(state: ListState, id: unknown): ListState {
  const contacts = state.contacts.filter((c) => !sameContactId(c.id, id));
  if (contacts.length === state.contacts.length) return state;
  return { contacts, systemUnread: isSystemContactId(id) ? 0 : state.systemUnread };
}

/**
 * A contact pushed by the server (a new friend, a new group): added, or merged into the existing
 * row keeping its counters and its newer last message.
 */
export function upsert(state: ListState, raw: Partial<ConversationRow> & Pick<ConversationRow, 'id'>): ListState {
  const incoming = normalizeContact(raw);
  const existing = findContact(state.contacts, incoming.id);
  if (!existing) return { ...state, contacts: sortContacts([...state.contacts, incoming]) };
  const merged: ConversationRow = {
    ...existing,
    displayName: incoming.displayName || existing.displayName,
    avatar: raw.avatar ?? existing.avatar,
    avatar_color: raw.avatar_color ?? existing.avatar_color,
    avatars: incoming.avatars ?? existing.avatars,
    notice: incoming.notice ?? existing.notice,
    setting: incoming.setting ?? existing.setting,
    is_online: raw.is_online === undefined ? existing.is_online : incoming.is_online,
  };
  if (existing.lastSendTime < incoming.lastSendTime && existing.last_msg_id === 0) {
    merged.lastContent = incoming.lastContent;
    merged.last_key = incoming.last_key;
    merged.lastSendTime = incoming.lastSendTime;
    merged.type = incoming.type;
    merged.last_extends = incoming.last_extends;
  }
  return mapRow(state, existing.id, () => merged, true);
}

/** Partial fields of a group row (member faces after someone left, a new name). */
export function patchRow(state: ListState, id: unknown, patch: Partial<ConversationRow>): ListState {
  return mapRow(state, id, (c) => ({ ...c, ...patch }));
}

/** A recalled message that is the row's last one shows the recall label. */
export function applyUndo(state: ListState, data: Pick<UndoMessagePush, 'msg_id' | 'toContactId' | 'is_group' | 'fromUser'>, me: number | string): ListState {
  const id = conversationIdOf(data, me);
  const row = findContact(state.contacts, id);
  if (!row || row.last_msg_id !== data.msg_id) return state;
  return mapRow(state, id, (c) => ({ ...c, lastContent: RECALLED_LABEL, last_key: 'recalled', last_extends: undefined }));
}

/** A group whose history was cleared up to `clearedMsgId`: its last message is gone from my view. */
export function applyCleared(state: ListState, id: unknown, clearedMsgId: number): ListState {
  const row = findContact(state.contacts, id);
  if (!row || row.last_msg_id > clearedMsgId) return state;
  return mapRow(state, id, (c) => ({ ...c, lastContent: '', last_key: '', last_extends: undefined, unread: 0, is_at: 0 }));
}

/** Spec §4 unread total: contacts with a last message and notifications on, plus system notices. */
export function totalUnread(state: ListState): number {
  const others = state.contacts.filter((c) => !isSystemContactId(c.id));
  const system = findContact(state.contacts, SYSTEM_CONTACT_ID);
  const systemCounts = !system || system.is_notice === 1;
  return unreadTotal(others) + (systemCounts ? state.systemUnread : 0);
}

/** True when some do-not-disturb conversation has unread messages (the tab shows a dot, not a number). */
export function hasQuietUnread(state: ListState): boolean {
  return state.contacts.some((c) => c.is_notice !== 1 && (isSystemContactId(c.id) ? state.systemUnread : c.unread) > 0);
}

/** Rows shown in the list: those with a message, pinned ones, and new friends or groups. */
export function visibleRows(contacts: readonly ConversationRow[]): ConversationRow[] {
  return contacts.filter((c) => c.lastSendTime > 0 || c.lastContent !== '' || c.is_top === 1);
}
