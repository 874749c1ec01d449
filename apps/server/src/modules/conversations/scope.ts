import {
  decodeConvKey,
  groupContactId,
  groupConvKey,
  joinFloor,
  parseGroupContactId,
  privateConvKey,
  SYSTEM_CONTACT_ID,
  systemConvKey,
} from '@parley/protocol';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { reusable } from '../../db/reusable.ts';
import type { ConversationsTable } from '../../db/schema.ts';
import { fail } from '../../domainError.ts';
import { userRow } from '../users/directory.ts';
import type { GroupFacts, MemberFacts } from '../../context.ts';

export type ConversationRow = Selectable<ConversationsTable>;

/**
 * One conversation as seen by one user: which stored messages belong to it and which of them the
 * user may see. A message `m` is visible when `m.conv_key ∈ convKeys`, `m.msg_id > floor` and the
 * user did not delete it for themself.
 */
export interface Scope {
  kind: 'private' | 'group' | 'system';
  /** the chat-list contact id as stored: the other user's id, 'group-<n>' or 'system' */
  contactId: string;
  convKeys: string[];
  /** visible messages have msg_id > floor (cleared history; joining when the group hides history) */
  floor: number;
  /** my chat-list row, when there is one */
  row: ConversationRow | undefined;
  /** private: the other user (me for the file-transfer assistant) */
  otherUserId?: number;
  groupId?: number;
  group?: GroupFacts;
  member?: MemberFacts;
}

export function conversationRow(db: Db, userId: number, contactId: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('user_id', '=', userId).where('contact_id', '=', contactId).executeTakeFirst();
}

/** Whether user `userId` exists, and my chat-list row for them: one statement (a round trip on PostgreSQL). */
async function privateChatRow(db: Db, me: number, userId: number): Promise<{ exists: boolean; row: ConversationRow | undefined }> {
  const [found] = await privateChatRowQuery(db, { me, userId });
  const { user_exists, ...row } = found;
  // SQLite answers exists() with 1, PostgreSQL with true
  return { exists: Number(user_exists) === 1, row: row.user_id === null ? undefined : (row as ConversationRow) };
}

/** Every private chat's read resolves its scope: the statement is built once. */
const privateChatRowQuery = reusable({
  build: (db, { me, userId }: { me: number; userId: number }) =>
    db
      .selectFrom(db.selectNoFrom((eb) => eb.exists(userRow(db, userId)).as('user_exists')).as('u'))
      .leftJoin('conversations as c', (join) => join.on('c.user_id', '=', me).on('c.contact_id', '=', String(userId)))
      .selectAll('c')
      .select('u.user_exists'),
  params: ({ me, userId }) => [userId, me, String(userId)],
});

/** A contact id as given by a client, classified (no database access). */
export type ContactRef = { kind: 'system' } | { kind: 'group'; groupId: number } | { kind: 'private'; userId: number };

export function parseContactRef(raw: string, isGroup?: number): ContactRef {
  if (raw === SYSTEM_CONTACT_ID) {
    if (isGroup === 1) throw fail('conversations.isGroupNotGroup');
    return { kind: 'system' };
  }
  const gid = parseGroupContactId(raw);
  if (gid !== null) return { kind: 'group', groupId: gid };
  if (/^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647) {
    if (isGroup === 1) throw fail('conversations.isGroupUsePrefix');
    return { kind: 'private', userId: Number(raw) };
  }
  throw fail('conversations.toContactId');
}

/**
 * Resolves what `me` may read of a conversation, refusing unknown contacts (404) and groups `me` is
 * not in (403). Reading a private chat needs no friendship: the history is the user's own.
 */
export async function resolveScope(
  ctx: Pick<AppContext, 'db' | 'groups'>,
  me: number,
  raw: string,
  isGroup?: number,
): Promise<Scope> {
  const ref = parseContactRef(raw, isGroup);
  if (ref.kind === 'system') {
    const row = await conversationRow(ctx.db, me, SYSTEM_CONTACT_ID);
    return { kind: 'system', contactId: SYSTEM_CONTACT_ID, convKeys: [systemConvKey(me), systemConvKey(0)], floor: row?.cleared_msg_id ?? 0, row };
  }
  if (ref.kind === 'group') {
    const contactId = groupContactId(ref.groupId);
    const [group, member, row] = await Promise.all([
      ctx.groups.group(ref.groupId),
      ctx.groups.member(ref.groupId, me),
      conversationRow(ctx.db, me, contactId),
    ]);
    if (!group) throw fail('conversations.unknownContact');
    if (!member) throw fail('groups.notMember');
    const cleared = Number(row?.cleared_msg_id ?? 0);
    const floor = Math.max(cleared, joinFloor(group.setting, Number(member.joinedMsgId)));
    return { kind: 'group', contactId, convKeys: [groupConvKey(ref.groupId)], floor, row, groupId: ref.groupId, group, member };
  }
  const contactId = String(ref.userId);
  const { exists, row } = await privateChatRow(ctx.db, me, ref.userId);
  if (!exists) throw fail('conversations.unknownContact');
  return {
    kind: 'private',
    contactId,
    convKeys: [privateConvKey(me, ref.userId)],
    floor: Number(row?.cleared_msg_id ?? 0),
    row,
    otherUserId: ref.userId,
  };
}

/**
 * The scope of a stored message's conversation for `me`, or null when `me` is not part of it
 * (a private chat of others, a group `me` is not in, someone else's notices).
 */
export async function scopeOfMessage(
  ctx: Pick<AppContext, 'db' | 'groups'>,
  me: number,
  msg: { conv_key: string },
): Promise<Scope | null> {
  const key = decodeConvKey(msg.conv_key);
  if (key?.kind === 'system') {
    if (key.userId !== me && key.userId !== 0) return null;
    return resolveScope(ctx, me, SYSTEM_CONTACT_ID);
  }
  if (key?.kind === 'private') {
    const [x, y] = key.users;
    if (x !== me && y !== me) return null;
    return resolveScope(ctx, me, String(x === me ? y : x));
  }
  if (key?.kind === 'group') {
    const member = await ctx.groups.member(key.groupId, me);
    if (!member) return null;
    return resolveScope(ctx, me, groupContactId(key.groupId));
  }
  return null;
}
