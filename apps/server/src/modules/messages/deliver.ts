import { randomUUID } from 'node:crypto';
import {
  type ChatMessage,
  convKeyUsers,
  decodeConvKey,
  groupContactId,
  groupConvKey,
  parseGroupContactId,
  privateConvKey,
  SYSTEM_CONTACT_ID,
  SYSTEM_USER_ID,
  systemConvKey,
} from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { listeners } from '../../listeners.ts';
import type { Hub } from '../../realtime/hub.ts';
import { fileUrlFor } from '../uploads/files.ts';
import { userCard } from '../users/directory.ts';
import { type MessageRow, type SenderColumns, toChatMessage } from './serialize.ts';
import { lockConversations, type MessageDraft, messagesStore, storedColumns } from './store.ts';
import type { OwnSocket } from '../../realtime/ownSocket.ts';

/**
 * Storing and fanning out messages: the hot path of sendMessage and what other modules use to post
 * server-made messages (group events, "You are now friends", system notices).
 */

export type DeliverCtx = Pick<AppContext, 'db' | 'dialect' | 'hub' | 'groups' | 'secret' | 'newMessages'>;

/** The file facts a message carries (from `fileForSending` or the uploads row). */
export interface DraftFile {
  name: string;
  size: number;
  mime: string;
  ext: string;
}

export interface Draft extends MessageDraft {
  file: DraftFile | null;
  /** files shown inside the message (a merged forward's), readable by its recipients */
  attachments?: number[];
}

/** See `commitAndPush`: each draft's msg_id, and whether it was new (false: a resend of a stored id). */
export type WithinMessageTxn = (
  trx: Db,
  stored: { msgId: number; created: boolean; toContact: string; isGroup: boolean }[],
) => Promise<void>;

export interface Delivered {
  message: ChatMessage;
  /** false when the same (sender, id) was stored before: nothing was written or pushed */
  created: boolean;
}

/** The sender columns of a message's author (undefined for the system). */
export async function senderRow(db: Db, userId: number): Promise<SenderColumns | undefined> {
  if (userId === SYSTEM_USER_ID) return undefined;
  return userCard(db, userId);
}

function rowOf(d: Draft, msgId: number, sender: SenderColumns | undefined): MessageRow {
  return {
    msg_id: msgId,
    ...storedColumns(d),
    sender_nickname: sender?.nickname ?? null,
    sender_avatar: sender?.avatar ?? null,
    sender_avatar_color: sender?.avatar_color ?? null,
    file_name: d.file?.name ?? null,
    file_size: d.file?.size ?? null,
    file_mime: d.file?.mime ?? null,
    file_ext: d.file?.ext ?? null,
  };
}

/** Who gets the push of a stored message: every member (group), both sides (private), the owner or everyone (system). */
async function recipientsOf(ctx: DeliverCtx, d: Pick<MessageDraft, 'conv_key' | 'from_user' | 'to_contact'>): Promise<number[] | 'all'> {
  const key = decodeConvKey(d.conv_key);
  if (!key) return [];
  if (key.kind === 'group') return ctx.groups.memberIds(key.groupId);
  if (key.kind === 'system' && key.userId === 0) return 'all';
  return convKeyUsers(key);
}

/** A draft as stored: its row (or the row stored before under the same (sender, id)) and its predecessor. */
export interface StoredDraft {
  row: MessageRow;
  /** false when the same (sender, id) was stored before: nothing was written */
  created: boolean;
  prev: number;
}

/** The sender rows of the drafts' authors, read once each (`preloaded` ones are not read again). */
export async function sendersOf(db: Db, drafts: readonly Draft[], preloaded?: Map<number, SenderColumns | undefined>) {
  const senders = new Map(preloaded);
  for (const id of new Set(drafts.map((d) => d.from_user))) {
    if (!senders.has(id)) senders.set(id, await senderRow(db, id));
  }
  return senders;
}

/**
 * Stores the drafts in ONE transaction, idempotent per (from_user, id): a draft whose (sender, id)
 * exists answers the stored row with `created: false`. `within` is work of another module that must
 * commit or fail with the messages (a red packet's payment): it runs inside the transaction after
 * the inserts, and throwing rolls the messages back too.
 */
export async function storeDrafts(
  ctx: Pick<DeliverCtx, 'db' | 'dialect'>,
  drafts: readonly Draft[],
  senders: Map<number, SenderColumns | undefined>,
  within?: WithinMessageTxn,
): Promise<StoredDraft[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const convKeys = [...new Set(drafts.map((d) => d.conv_key))];
    await lockConversations(trx, ctx.dialect, convKeys);
    // Under the conversations' locks nothing else commits there: what was newest before the
    // inserts, then the new ids in order, give each new message its predecessor.
    const newest = await messagesStore.newestOfMany(trx, convKeys);
    const ids = await messagesStore.insertMany(trx, drafts);
    const out: (StoredDraft | undefined)[] = new Array(drafts.length);
    const order = drafts.map((_, i) => i).filter((i) => ids[i] !== null).sort((x, y) => Number(ids[x]) - Number(ids[y]));
    const chats = new Map<string, { a: number; b: number; convKey: string; at: number }>();
    for (const i of order) {
      const d = drafts[i];
      const msgId = Number(ids[i]);
      if (d.attachments?.length) await messagesStore.attach(trx, msgId, d.attachments);
      const key = decodeConvKey(d.conv_key);
      if (key?.kind === 'private' && !chats.has(d.conv_key)) chats.set(d.conv_key, { a: key.users[0], b: key.users[1], convKey: d.conv_key, at: d.send_time });
      out[i] = { row: rowOf(d, msgId, senders.get(d.from_user)), created: true, prev: newest.get(d.conv_key) ?? 0 };
      newest.set(d.conv_key, msgId);
    }
    if (chats.size > 0) await messagesStore.ensurePrivateRows(trx, [...chats.values()]);
    for (const [i, d] of drafts.entries()) {
      if (ids[i] !== null) continue;
      const existing = await messagesStore.bySenderId(trx, d.from_user, d.id);
      if (!existing) throw new Error(`message ${d.from_user}:${d.id} conflicted but is not stored`);
      out[i] = { row: existing, created: false, prev: await messagesStore.newestOf(trx, d.conv_key, Number(existing.msg_id)) };
    }
    const stored = out as StoredDraft[];
    if (within) {
      await within(
        trx,
        stored.map((o) => ({ msgId: Number(o.row.msg_id), created: o.created, toContact: o.row.to_contact, isGroup: Number(o.row.is_group) === 1 })),
      );
    }
    return stored;
  });
}

/**
 * Pushes every newly stored message once, in order: `group` to all members, `simple` otherwise, to
 * every socket of every recipient except the sender's socket (`exceptClientIdOf(i)` for the i-th).
 * Duplicates are answered with the stored message and not pushed again. File links in pushes are
 * signed for the sender.
 */
export async function announce(ctx: DeliverCtx, stored: readonly StoredDraft[], exceptClientIdOf: (i: number) => OwnSocket | undefined): Promise<Delivered[]> {
  const delivered: Delivered[] = [];
  for (const [i, { row, created, prev }] of stored.entries()) {
    const message = toChatMessage(row, { fileUrl: (fileId) => fileUrlFor(ctx, fileId, row.from_user) });
    message.prev_msg_id = prev;
    delivered.push({ message, created });
    if (!created) continue;
    const to = await recipientsOf(ctx, row);
    const type = message.is_group ? 'group' : 'simple';
    const exceptClientId = exceptClientIdOf(i);
    if (to === 'all') ctx.hub.push({ all: true }, type, message, { exceptClientId });
    else ctx.hub.pushUsers(to, type, message, exceptClientId);
    await ctx.newMessages.emit({ message, recipients: to });
  }
  return delivered;
}

/** Stores the drafts in one transaction (`storeDrafts`), then pushes the new ones (`announce`). */
export async function commitAndPush(
  ctx: DeliverCtx,
  drafts: Draft[],
  exceptClientId?: OwnSocket,
  /** sender rows already read (the send path reads it while checking permissions) */
  preloaded?: Map<number, SenderColumns | undefined>,
  within?: WithinMessageTxn,
): Promise<Delivered[]> {
  const stored = await storeDrafts(ctx, drafts, await sendersOf(ctx.db, drafts, preloaded), within);
  return announce(ctx, stored, () => exceptClientId);
}

export interface PostMessageInput {
  /** the sender's user id (0 = the system) */
  fromUser: number;
  /** private: the receiver's user id; group: 'group-<n>' (or the group id with isGroup) */
  toContactId: number | string;
  isGroup: boolean;
  /** any message type; server-made messages use 'event' (or 'system') */
  type: string;
  content: string;
  at?: number[];
  extends?: Record<string, unknown>;
  /** an uploads id; the caller has checked the sender may send it */
  fileId?: number | null;
  /** client id / idempotency key; a random UUID when omitted */
  id?: string;
  /** the sender's socket, which gets the answer instead of a push */
  exceptClientId?: OwnSocket;
}

/** Builds the stored form of a message without any permission check (callers check). */
export function draftOf(input: PostMessageInput, file: DraftFile | null, now = Date.now()): Draft {
  let convKey: string;
  let toContact: string;
  if (input.isGroup) {
    const gid = typeof input.toContactId === 'number' ? input.toContactId : parseGroupContactId(input.toContactId);
    if (!gid) throw new Error(`postMessage: bad group contact id ${String(input.toContactId)}`);
    convKey = groupConvKey(gid);
    toContact = groupContactId(gid);
  } else if (input.toContactId === SYSTEM_CONTACT_ID) {
    throw new Error('postMessage: system notices go through postSystemNotice');
  } else {
    const to = Number(input.toContactId);
    if (!Number.isSafeInteger(to) || to <= 0) throw new Error(`postMessage: bad user id ${String(input.toContactId)}`);
    convKey = privateConvKey(input.fromUser, to);
    toContact = String(to);
  }
  return {
    id: input.id ?? randomUUID(),
    conv_key: convKey,
    from_user: input.fromUser,
    to_contact: toContact,
    is_group: input.isGroup ? 1 : 0,
    type: input.type,
    content: input.content,
    at: input.at ?? [],
    extends: input.extends ?? {},
    file_id: input.fileId ?? null,
    send_time: now,
    file,
  };
}

/**
 * Stores one message and pushes it (see `commitAndPush`); answers the stored message.
 * For group events, call `ctx.groups.invalidate(groupId)` first when membership just changed, so
 * that new members get the push.
 */
export async function postMessage(ctx: DeliverCtx, input: PostMessageInput): Promise<ChatMessage> {
  let file: DraftFile | null = null;
  if (input.fileId) {
    const row = await ctx.db
      .selectFrom('uploads')
      .select(['name', 'size', 'mime', 'ext'])
      .where('id', '=', input.fileId)
      .executeTakeFirst();
    if (row) file = { name: row.name, size: Number(row.size), mime: row.mime, ext: row.ext };
  }
  const [done] = await commitAndPush(ctx, [draftOf(input, file)], input.exceptClientId);
  return done.message;
}

/**
 * A system notice (shown under the '系统通知' contact): to one user (`userId`) or, without it, a
 * broadcast to everyone. For the admin CLI: `ctx` needs only `db` and `hub` (pass `dialect` on
 * PostgreSQL to keep ids in commit order).
 */
export async function postSystemNotice(
  ctx: { db: Db; hub: Hub; dialect?: Dialect; secret?: string },
  text: string,
  userId?: number,
  /** the facts a client words in its reader's language (`content` stays the English wording) */
  facts: Record<string, unknown> = {},
): Promise<ChatMessage> {
  const content = text.trim();
  if (content === '') throw new Error('A notice needs some text.');
  const now = Date.now();
  const draft: Draft = {
    id: randomUUID(),
    conv_key: systemConvKey(userId ?? 0),
    from_user: SYSTEM_USER_ID,
    to_contact: SYSTEM_CONTACT_ID,
    is_group: 0,
    type: 'system',
    content,
    at: [],
    extends: facts,
    file_id: null,
    send_time: now,
    file: null,
  };
  const noGroups = { memberIds: async () => [] } as unknown as AppContext['groups'];
  const [done] = await commitAndPush(
    // a notice is no chat message: nobody else is told of it
    { db: ctx.db, hub: ctx.hub, dialect: ctx.dialect ?? 'sqlite', groups: noGroups, secret: ctx.secret ?? '', newMessages: listeners() },
    [draft],
  );
  return done.message;
}
