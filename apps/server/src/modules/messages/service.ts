import {
  avatarColorFor,
  type CallRecord,
  canSpeakInGroup,
  chatLastContent,
  type ChatMessage,
  CLIENT_SEND_TYPES,
  convKeyUsers,
  decodeConvKey,
  FILE_MESSAGE_TYPES,
  FILE_TRANSFER_NAME,
  FORWARD_MAX_WRITES,
  FORWARD_MESSAGE_TYPE,
  type ForwardMessageBody,
  type GetMessageListBody,
  GROUP_SPEAK_MSG,
  groupContactId,
  GroupRole,
  mayForward,
  MESSAGE_MSG,
  type MessageQuote,
  QUOTE_TEXT_MAX,
  type MessageSearchHit,
  parseGroupContactId,
  parseGroupSetting,
  recallVerdict,
  SEARCH_MATCHES_MAX,
  type SendMessageBody,
  SERVER_MESSAGE_TYPES,
  TEXT_MAX_CHARS,
  type UndoMessagePush,
  VIDEO_MAX_SECONDS,
  VOICE_MIN_SECONDS,
} from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import { Answer } from '../../answer.ts';
import { type ContactRef, parseContactRef, resolveScope, type Scope, scopeOfMessage } from '../conversations/scope.ts';
import { conversationsStore } from '../conversations/store.ts';
import { workService } from '../work/service.ts';
import type { SystemService } from '../system/service.ts';
import { fileForSending, fileUrlFor } from '../uploads/files.ts';
import { commitAndPush, type Draft, type DraftFile, draftOf, senderRow, type WithinMessageTxn } from './deliver.ts';
import { type MessageRow, senderOf, toChatMessage } from './serialize.ts';
import { mentions, messagesStore, notDeletedBy, selectMessages } from './store.ts';
import { contentMatches, isIndexable, recentFloor } from './textSearch.ts';

/** Where a user may send: checked once per send or forward target. */
type Target =
  | { kind: 'private'; userId: number }
  | { kind: 'group'; groupId: number; role: number };

/** The refusal key of each reason `recallVerdict` gives. */
const RECALL_REFUSALS = {
  kind: 'messages.recallKind',
  window: 'messages.recallWindow',
  others: 'messages.recallOthers',
  admin: 'messages.recallAdmin',
} as const;

/** Types whose `content` is searchable text (the file name for files). */
const SEARCHABLE_TYPES = ['text', 'file', 'location', 'contact', FORWARD_MESSAGE_TYPE];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `content` given as an object or as a JSON text of one; else `extends`. */
function structured(body: SendMessageBody): Record<string, unknown> {
  if (isObject(body.content)) return body.content;
  if (typeof body.content === 'string' && body.content.trim().startsWith('{')) {
    try {
      const v = JSON.parse(body.content);
      if (isObject(v)) return v;
    } catch {
      /* fall through to extends */
    }
  }
  return body.extends;
}

function num(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** A location's point: the sender's own position, or one picked on the map. */
const LOCATION_ORIGINS = ['current', 'pinned'] as const;

function shortText(v: unknown, max = 200): string {
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
}

/** Optional positive integer dimensions of an image or video. */
function dimensions(ext: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of ['width', 'height'] as const) {
    const n = num(ext[key]);
    if (n !== undefined && n > 0 && n < 100_000) out[key] = Math.round(n);
  }
  return out;
}

function formatUntil(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function messageService(ctx: AppContext, system: SystemService) {
  const db = ctx.db;

  // --- who may send where ------------------------------------------------------------------------

  async function checkTarget(me: number, ref: ContactRef): Promise<Target> {
    if (ref.kind === 'system') throw fail('messages.systemContact');
    if (ref.kind === 'group') {
      const [group, member] = await Promise.all([ctx.groups.group(ref.groupId), ctx.groups.member(ref.groupId, me)]);
      if (!group) throw fail('conversations.unknownContact');
      if (group.removed) throw fail('groups.gone');
      if (!member) throw fail('groups.notMember');
      const verdict = canSpeakInGroup(member.role, group.setting, Number(member.muteUntil));
      if (!verdict.ok) {
        const key = GROUP_SPEAK_MSG[verdict.reason];
        throw key === 'messages.memberMuted' ? fail(key, { until: formatUntil(verdict.until ?? Date.now()) }) : fail(key);
      }
      return { kind: 'group', groupId: ref.groupId, role: member.role };
    }
    const to = ref.userId;
    if (to === me) return { kind: 'private', userId: me };
    if ((await system.sysInfo()).disablePrivateChat) throw fail(MESSAGE_MSG.privateChatDisabled);
    const links = await db
      .selectFrom('friends')
      .select('user_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', me), eb('friend_id', '=', to)]),
          eb.and([eb('user_id', '=', to), eb('friend_id', '=', me)]),
        ]),
      )
      .execute();
    if (links.length < 2) {
      const exists = await db.selectFrom('users').select('id').where('id', '=', to).executeTakeFirst();
      if (!exists) throw fail('conversations.unknownContact');
      throw fail('messages.notFriends');
    }
    return { kind: 'private', userId: to };
  }

  // --- what a message carries, per type ------------------------------------------------------------

  interface Payload {
    content: string;
    extends: Record<string, unknown>;
    fileId: number | null;
    file: DraftFile | null;
  }

  function checkType(type: string): void {
    if ((CLIENT_SEND_TYPES as readonly string[]).includes(type)) return;
    if ((SERVER_MESSAGE_TYPES as readonly string[]).includes(type)) throw fail('messages.serverOnly');
    if (type === 'webrtc') throw fail('messages.webrtc');
    if (type === 'red_packet') throw fail('messages.redPacket');
    throw fail('messages.unknownType', { type: type.slice(0, 32) });
  }

  async function payloadOf(me: number, body: SendMessageBody): Promise<Payload> {
    const type = body.type;
    if (type === 'text') {
      if (typeof body.content !== 'string') throw fail('messages.textNeeded');
      const text = body.content.trim();
      if (text === '') throw fail('messages.textEmpty');
      if (text.length > TEXT_MAX_CHARS && [...text].length > TEXT_MAX_CHARS) throw fail('messages.textTooLong');
      return { content: text, extends: {}, fileId: null, file: null };
    }
    if ((FILE_MESSAGE_TYPES as readonly string[]).includes(type)) {
      if (body.file_id === undefined) throw fail('messages.fileNeeded');
      const ext = body.extends;
      const extendsOut: Record<string, unknown> = {};
      if (type === 'voice') {
        const d = num(ext.duration);
        if (d === undefined) throw fail('messages.durationNeeded');
        if (d < VOICE_MIN_SECONDS) throw fail(MESSAGE_MSG.recordingTooShort);
        if (d > 24 * 3600) throw fail('messages.recordingTooLong');
        extendsOut.duration = Math.round(d * 10) / 10;
      }
      if (type === 'video') {
        const d = num(ext.duration);
        if (d === undefined || d < 0) throw fail('messages.durationNeeded');
        if (d > VIDEO_MAX_SECONDS) throw fail(MESSAGE_MSG.videoTooLong);
        extendsOut.duration = Math.round(d * 10) / 10;
      }
      if (type === 'image' || type === 'video' || type === 'emoji') Object.assign(extendsOut, dimensions(ext));
      const file = await fileForSending(ctx, me, body.file_id);
      const kindOk = type === 'file' || file.kind === type || (type === 'emoji' && file.kind === 'image');
      if (!kindOk) throw fail('messages.fileKind');
      return {
        content: file.name,
        extends: extendsOut,
        fileId: file.id,
        file: { name: file.name, size: file.size, mime: file.mime, ext: file.ext },
      };
    }
    if (type === 'location') {
      const src = structured(body);
      const lat = num(src.lat ?? src.latitude);
      const lng = num(src.lng ?? src.longitude);
      if (lat === undefined || lng === undefined || lat < -90 || lat > 90 || lng < -180 || lng > 180) {
        throw fail('messages.location');
      }
      const name = shortText(src.name);
      const address = shortText(src.address);
      // where the point came from, so that each reader's app words an unnamed place ("Bob's location")
      const origin = LOCATION_ORIGINS.find((o) => o === src.origin);
      return {
        content: name || address || `${lat.toFixed(6)},${lng.toFixed(6)}`,
        extends: { lat, lng, name, address, ...(origin ? { origin } : {}) },
        fileId: null,
        file: null,
      };
    }
    if (type === 'good') {
      const gid = num(structured(body).id);
      if (!gid || !Number.isSafeInteger(gid) || gid <= 0 || gid > 2_147_483_647) throw fail('work.goodNotFound');
      const { good } = await workService(db).goods({ id: gid, page: 1, limit: 1 });
      if (!good) throw fail('work.goodNotFound');
      return {
        content: good.name,
        extends: { id: good.id, name: good.name, price: good.price, picture: good.pictures[0] ?? '' },
        fileId: null,
        file: null,
      };
    }
    // contact: a card of a user or of a group I am in
    const src = structured(body);
    const kind = src.kind ?? (parseGroupContactId(src.id) !== null ? 'group' : 'user');
    if (kind === 'group') {
      const gid = typeof src.id === 'number' ? src.id : parseGroupContactId(src.id) ?? num(src.id);
      if (!gid || !Number.isSafeInteger(gid) || gid <= 0) throw fail('messages.card');
      const [group, member] = await Promise.all([ctx.groups.group(gid), ctx.groups.member(gid, me)]);
      if (!group || group.removed || !member) throw fail('messages.cardGone');
      const avatar = (await db.selectFrom('groups').select('avatar').where('id', '=', gid).executeTakeFirst())?.avatar ?? '';
      return {
        content: group.name,
        extends: { kind: 'group', id: gid, contactId: groupContactId(gid), displayName: group.name, avatar, avatar_color: avatarColorFor(gid) },
        fileId: null,
        file: null,
      };
    }
    if (kind !== 'user') throw fail('messages.card');
    const uid = num(src.id);
    if (!uid || !Number.isSafeInteger(uid) || uid <= 0 || uid > 2_147_483_647) throw fail('messages.card');
    const u = await db.selectFrom('users').select(['id', 'nickname', 'avatar', 'avatar_color']).where('id', '=', uid).executeTakeFirst();
    if (!u) throw fail('messages.cardGone');
    return {
      content: u.nickname,
      extends: { kind: 'user', id: u.id, displayName: u.nickname, avatar: u.avatar, avatar_color: u.avatar_color },
      fileId: null,
      file: null,
    };
  }

  /** Mentions are kept for groups only: members of the group, or 0 (everyone, owner and admins only). */
  async function mentionList(target: Target, at: number[]): Promise<number[]> {
    if (target.kind !== 'group' || at.length === 0) return [];
    const wanted = [...new Set(at)];
    if (wanted.includes(0) && target.role === GroupRole.MEMBER) throw fail('messages.atEveryone');
    const members = new Set(await ctx.groups.memberIds(target.groupId));
    return wanted.filter((id) => id === 0 || members.has(id));
  }

  async function send(me: number, body: SendMessageBody, exceptClientId?: string): Promise<ChatMessage> {
    checkType(body.type);
    const ref = parseContactRef(body.toContactId, body.is_group);
    // read the sender's name while the permission checks run
    const sender = senderRow(db, me);
    sender.catch(() => {});
    const target = await checkTarget(me, ref);
    const [payload, at] = await Promise.all([payloadOf(me, body), mentionList(target, body.at)]);
    const draft = draftOf(
      {
        id: body.id,
        fromUser: me,
        toContactId: target.kind === 'group' ? groupContactId(target.groupId) : target.userId,
        isGroup: target.kind === 'group',
        type: body.type,
        content: payload.content,
        at,
        extends: payload.extends,
        fileId: payload.fileId,
      },
      payload.file,
    );
    const quote = await quoteOf(me, body.extends.quote, draft.conv_key);
    if (quote) draft.extends = { ...draft.extends, quote };
    const [done] = await commitAndPush(ctx, [draft], exceptClientId, new Map([[me, await sender]]));
    return done.message;
  }

  /**
   * A reply's quote (`extends.quote: {msg_id}`): a message of the same conversation that the sender
   * can see, not recalled and not a notice. Stored as facts (who, what type, the start of a text) so
   * every reader shows it without another request; anything else is refused as not found.
   */
  async function quoteOf(me: number, raw: unknown, convKey: string): Promise<MessageQuote | null> {
    if (raw === undefined || raw === null) return null;
    const ref = typeof raw === 'object' ? (raw as { msg_id?: unknown }).msg_id : raw;
    const msgId = Number(ref);
    if (!Number.isSafeInteger(msgId) || msgId <= 0) throw fail('messages.notFound');
    const { row } = await visibleMessage(me, msgId);
    const quotable = row.conv_key === convKey && Number(row.is_undo) !== 1 && !(SERVER_MESSAGE_TYPES as readonly string[]).includes(row.type);
    if (!quotable) throw fail('messages.notFound');
    const sender = senderOf(row);
    return {
      msg_id: Number(row.msg_id),
      from: { id: sender.id, name: sender.displayName },
      type: row.type,
      text: row.type === 'text' ? [...row.content].slice(0, QUOTE_TEXT_MAX).join('') : '',
    };
  }

  /**
   * A message another module composes (a red packet): the same target checks as `send`, and
   * `within` commits with it in one transaction (the payment of a red packet).
   */
  async function sendComposed(
    me: number,
    input: { id: string; toContactId: number | string; is_group: number; type: string; content: string; extends: Record<string, unknown> },
    within: WithinMessageTxn,
    exceptClientId?: string,
  ): Promise<ChatMessage> {
    const target = await checkTarget(me, parseContactRef(String(input.toContactId), input.is_group));
    const draft = draftOf(
      {
        id: input.id,
        fromUser: me,
        toContactId: target.kind === 'group' ? groupContactId(target.groupId) : target.userId,
        isGroup: target.kind === 'group',
        type: input.type,
        content: input.content,
        extends: input.extends,
      },
      null,
    );
    const [done] = await commitAndPush(ctx, [draft], exceptClientId, undefined, within);
    return done.message;
  }

  // --- reading -------------------------------------------------------------------------------------

  function filtered(
    me: number,
    scope: Scope,
    body: Pick<GetMessageListBody, 'keywords' | 'type' | 'is_at'>,
    keywordFloor = 0,
  ) {
    let q = selectMessages(db)
      .where('m.conv_key', 'in', scope.convKeys)
      .where('m.msg_id', '>', scope.floor)
      .where(notDeletedBy(me));
    if (body.type) q = q.where('m.type', '=', body.type);
    if (body.keywords) {
      const kw = body.keywords;
      q = q.where('m.type', 'in', SEARCHABLE_TYPES).where('m.is_undo', '=', 0).where(contentMatches(ctx.dialect, kw, keywordFloor));
    }
    if (body.is_at === 1) q = q.where('m.from_user', '<>', me).where(mentions(me));
    return q;
  }

  /** Serializes rows for `me`: file links signed for me, read marks of private chats. */
  async function present(me: number, scope: Scope, rows: MessageRow[]): Promise<ChatMessage[]> {
    let theirRead = 0;
    let myRead = Number(scope.row?.read_msg_id ?? 0);
    if (scope.kind === 'private' && scope.otherUserId !== undefined) {
      if (scope.otherUserId === me) {
        theirRead = Number.MAX_SAFE_INTEGER;
        myRead = Number.MAX_SAFE_INTEGER;
      } else theirRead = await conversationsStore.readCursor(db, scope.otherUserId, String(me));
    }
    const fileUrl = (fileId: number) => fileUrlFor(ctx, fileId, me);
    return rows.map((row) =>
      toChatMessage(row, {
        fileUrl,
        isRead: scope.kind === 'private' && Number(row.msg_id) <= (row.from_user === me ? theirRead : myRead),
      }),
    );
  }

  async function list(me: number, body: GetMessageListBody): Promise<Answer<ChatMessage[]>> {
    const scope = await resolveScope(ctx, me, body.toContactId, body.is_group);
    const floor = body.keywords && !isIndexable(body.keywords) ? await recentFloor(db, scope.convKeys) : 0;
    let q = filtered(me, scope, body, floor);
    let count = filtered(me, scope, body, floor).clearSelect().select((eb) => eb.fn.countAll().as('n'));
    let rows: MessageRow[];
    if (body.last_msg_id !== undefined) {
      q = q.where('m.msg_id', '>', body.last_msg_id);
      count = count.where('m.msg_id', '>', body.last_msg_id);
      if (body.before_msg_id !== undefined) {
        q = q.where('m.msg_id', '<', body.before_msg_id);
        count = count.where('m.msg_id', '<', body.before_msg_id);
      }
      rows = await q.orderBy('m.msg_id', 'asc').limit(body.limit).execute();
    } else if (body.before_msg_id !== undefined) {
      q = q.where('m.msg_id', '<', body.before_msg_id);
      count = count.where('m.msg_id', '<', body.before_msg_id);
      rows = (await q.orderBy('m.msg_id', 'desc').limit(body.limit).execute()).reverse();
    } else {
      rows = (
        await q
          .orderBy('m.msg_id', 'desc')
          .limit(body.limit)
          .offset((body.page - 1) * body.limit)
          .execute()
      ).reverse();
    }
    const total = await count.executeTakeFirst();
    return new Answer(await present(me, scope, rows), { count: Number(total?.n ?? 0) });
  }

  async function adminNotices(me: number, page: number, limit: number) {
    return list(me, { toContactId: 'system', is_group: 0, page, limit });
  }

  /** Messages with `keywords` in every conversation of mine, grouped by conversation (newest first). */
  async function search(me: number, keywords: string, perContact: number): Promise<MessageSearchHit[]> {
    const floor = isIndexable(keywords) ? 0 : await recentFloor(db, { userId: me });
    // first only the ids of the matches (no content, no joins), then whole rows for the few kept
    const matches = await db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', (j) => j.onRef('c.conv_key', '=', 'm.conv_key').on('c.user_id', '=', me))
      .select(['m.msg_id', 'm.conv_key', 'c.contact_id'])
      .whereRef('m.msg_id', '>', 'c.cleared_msg_id')
      .where('m.type', 'in', SEARCHABLE_TYPES)
      .where('m.is_undo', '=', 0)
      .where(contentMatches(ctx.dialect, keywords, floor))
      .where(notDeletedBy(me))
      .orderBy('m.msg_id', 'desc')
      .limit(SEARCH_MATCHES_MAX)
      .execute();
    const memberships = await conversationsStore.memberships(db, me);
    const groups = new Map(
      memberships.map((m) => [groupContactId(m.group_id) as string, { ...m, history: parseGroupSetting(m.setting).history }]),
    );
    const keptIds = new Map<string, number[]>();
    for (const match of matches) {
      const g = groups.get(match.contact_id);
      if (decodeConvKey(match.conv_key)?.kind === 'group') {
        if (!g) continue;
        if (g.history !== 1 && Number(match.msg_id) <= Number(g.joined_msg_id)) continue;
      }
      const list = keptIds.get(match.contact_id) ?? [];
      if (list.length < perContact) list.push(Number(match.msg_id));
      keptIds.set(match.contact_id, list);
    }
    const ids = [...keptIds.values()].flat();
    const rows = ids.length === 0 ? [] : await selectMessages(db).where('m.msg_id', 'in', ids).execute();
    const rowById = new Map(rows.map((r) => [Number(r.msg_id), r]));
    const byContact = new Map<string, MessageRow[]>();
    for (const [contactId, list] of keptIds) {
      byContact.set(contactId, list.map((id) => rowById.get(id)).filter((r): r is MessageRow => r !== undefined));
    }
    const userIds = [...byContact.keys()].filter((id) => /^\d+$/.test(id)).map(Number);
    const [users, remarks] = await Promise.all([
      userIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('users').select(['id', 'nickname', 'avatar', 'avatar_color']).where('id', 'in', userIds).execute(),
      ctx.friends.remarksOf(me, userIds),
    ]);
    const userById = new Map(users.map((u) => [u.id, u]));
    const fileUrl = (fileId: number) => fileUrlFor(ctx, fileId, me);
    const hits: MessageSearchHit[] = [];
    for (const [contactId, list] of byContact) {
      const g = groups.get(contactId);
      const uid = Number(contactId);
      const u = userById.get(uid);
      hits.push({
        contact: g
          ? { id: contactId, displayName: g.name, avatar: g.avatar, avatar_color: avatarColorFor(g.group_id), is_group: 1 }
          : {
              id: uid,
              displayName: uid === me ? FILE_TRANSFER_NAME : remarks.get(uid) || u?.nickname || contactId,
              avatar: u?.avatar ?? '',
              avatar_color: u?.avatar_color ?? 1,
              is_group: 0,
            },
        messages: list.reverse().map((row) => toChatMessage(row, { fileUrl })),
      });
    }
    return hits;
  }

  // --- acting on one message -----------------------------------------------------------------------

  /** A message `me` can see, by msg_id or by my own client id; 404 otherwise (no probing). */
  async function visibleMessage(me: number, ref: number | string): Promise<{ row: MessageRow; scope: Scope }> {
    const asNumber = typeof ref === 'number' ? ref : /^\d{1,15}$/.test(ref) ? Number(ref) : null;
    const row =
      asNumber !== null ? await messagesStore.byMsgId(db, asNumber) : await messagesStore.bySenderId(db, me, String(ref));
    const notFound = () => fail('messages.notFound');
    if (!row) throw notFound();
    const scope = await scopeOfMessage(ctx, me, row);
    if (!scope || Number(row.msg_id) <= scope.floor) throw notFound();
    if (await messagesStore.deletedBy(db, me, Number(row.msg_id))) throw notFound();
    return { row, scope };
  }

  /** Every message of `ids` (msg_ids) that `me` can see, in id order; 404 if any is not (as `visibleMessage`). */
  async function visibleMessages(me: number, ids: number[]): Promise<MessageRow[]> {
    const rows = await messagesStore.byMsgIds(db, ids);
    const notFound = () => fail('messages.notFound');
    if (rows.length !== ids.length) throw notFound();
    const scopes = new Map<string, Promise<Scope | null>>();
    for (const row of rows) {
      if (!scopes.has(row.conv_key)) scopes.set(row.conv_key, scopeOfMessage(ctx, me, row));
      const scope = await scopes.get(row.conv_key);
      if (!scope || Number(row.msg_id) <= scope.floor) throw notFound();
    }
    if ((await messagesStore.deletedAmong(db, me, ids)).size > 0) throw notFound();
    return rows;
  }

  async function participantsOf(row: MessageRow): Promise<number[]> {
    const key = decodeConvKey(row.conv_key);
    if (key?.kind === 'group') return ctx.groups.memberIds(key.groupId);
    return key ? convKeyUsers(key) : [];
  }

  async function recall(me: number, ref: number | string, exceptClientId?: string): Promise<ChatMessage> {
    const { row, scope } = await visibleMessage(me, ref);
    const fileUrl = (fileId: number) => fileUrlFor(ctx, fileId, me);
    if (Number(row.is_undo) === 1 && !(SERVER_MESSAGE_TYPES as readonly string[]).includes(row.type)) return toChatMessage(row, { fileUrl });
    const inGroup = scope.kind === 'group';
    const mine = row.from_user === me;
    const verdict = recallVerdict({
      type: row.type,
      sendTime: Number(row.send_time) / 1000,
      mine,
      myRole: inGroup ? (scope.member?.role ?? GroupRole.MEMBER) : null,
      senderRole: inGroup && !mine ? ((await ctx.groups.member(scope.groupId as number, row.from_user))?.role ?? null) : null,
      now: Date.now(),
    });
    if (!verdict.ok) throw fail(RECALL_REFUSALS[verdict.reason]);
    await messagesStore.recall(db, Number(row.msg_id));
    const recalled = { ...row, is_undo: 1, content: '', extends: '{}', at: '[]', file_id: null };
    const data: UndoMessagePush = {
      msg_id: Number(row.msg_id),
      toContactId: toChatMessage(recalled, { fileUrl }).toContactId,
      is_group: Number(row.is_group) === 1 ? 1 : 0,
      fromUser: senderOf(row),
      by: me,
    };
    ctx.hub.pushUsers(await participantsOf(row), 'undoMessage', data, exceptClientId);
    return toChatMessage(recalled, { fileUrl });
  }

  async function deleteForMe(me: number, ref: number | string) {
    const { row } = await visibleMessage(me, ref);
    await messagesStore.deleteFor(db, me, Number(row.msg_id));
    return { msg_id: Number(row.msg_id) };
  }

  async function forward(me: number, body: ForwardMessageBody, exceptClientId?: string): Promise<ChatMessage[]> {
    const ids = [...new Set([...(body.msg_id !== undefined ? [body.msg_id] : []), ...(body.msg_ids ?? [])])].sort((a, b) => a - b);
    const writes = (body.merge === 1 ? 1 : ids.length) * new Set(body.user_ids).size;
    if (writes > FORWARD_MAX_WRITES) throw fail('security.forwardTooMany', { max: FORWARD_MAX_WRITES });
    const sources = await visibleMessages(me, ids);
    if (!sources.every(mayForward)) throw fail('messages.forwardKind');
    const targets: Target[] = [];
    const seen = new Set<string>();
    for (const raw of body.user_ids) {
      const target = await checkTarget(me, parseContactRef(raw));
      const key = target.kind === 'group' ? `g${target.groupId}` : `u${target.userId}`;
      if (!seen.has(key)) targets.push(target);
      seen.add(key);
    }
    const now = Date.now();
    const drafts: Draft[] = [];
    const fileOf = (row: MessageRow): DraftFile | null =>
      row.file_id !== null && row.file_name !== null
        ? { name: row.file_name, size: Number(row.file_size ?? 0), mime: row.file_mime ?? '', ext: row.file_ext ?? '' }
        : null;
    const toOf = (t: Target) => ({
      toContactId: t.kind === 'group' ? groupContactId(t.groupId) : t.userId,
      isGroup: t.kind === 'group',
    });
    if (body.merge === 1) {
      // the senders' names are facts; each reader's app words the card ("Chat history of Alice and Bob")
      const names = [...new Set(sources.map((s) => senderOf(s).displayName))];
      const title = `${names.slice(0, 2).join('、')}${names.length > 2 ? '…' : ''}的聊天记录`;
      const attachments = sources.flatMap((s) => (s.file_id === null ? [] : [Number(s.file_id)]));
      const items = sources.map((s) => {
        const m = toChatMessage(s, { fileUrl: () => '' });
        return {
          msg_id: m.msg_id,
          type: m.type,
          content: m.content,
          label: chatLastContent(m).text,
          sendTime: m.sendTime,
          extends: m.extends,
          fromUser: { id: m.fromUser.id, displayName: m.fromUser.displayName, avatar: m.fromUser.avatar, avatar_color: m.fromUser.avatar_color },
          file: m.file ? { id: m.file.id, name: m.file.name, size: m.file.size, mime: m.file.mime, ext: m.file.ext } : null,
        };
      });
      for (const t of targets) {
        drafts.push(
          {
            ...draftOf(
              { fromUser: me, ...toOf(t), type: FORWARD_MESSAGE_TYPE, content: title, extends: { title, names, count: items.length, items } },
              null,
              now,
            ),
            attachments,
          },
        );
      }
    } else {
      for (const s of sources) {
        const ext = JSON.parse(s.extends || '{}') as Record<string, unknown>;
        for (const t of targets) {
          drafts.push(
            draftOf(
              { fromUser: me, ...toOf(t), type: s.type, content: s.content, extends: ext, fileId: s.file_id },
              fileOf(s),
              now,
            ),
          );
        }
      }
    }
    const done = await commitAndPush(ctx, drafts, exceptClientId);
    return done.map((d) => d.message);
  }

  /** Refuses what sending a private message to `userId` would refuse (stranger, private chat disabled). */
  async function checkPeer(me: number, userId: number): Promise<void> {
    await checkTarget(me, { kind: 'private', userId });
  }

  /**
   * The one `webrtc` record a finished call leaves in the private chat of its two parties, pushed
   * to every device of both. The call id is the message id, so a call can never leave two records.
   */
  async function postCallRecord(record: CallRecord & { callee: number }): Promise<ChatMessage> {
    const { callee, ...ext } = record;
    const draft = draftOf(
      { id: record.call_id, fromUser: record.caller, toContactId: callee, isGroup: false, type: 'webrtc', content: '', extends: ext },
      null,
    );
    const [done] = await commitAndPush(ctx, [draft]);
    return done.message;
  }

  /** A stored message as `me` reads it (file links signed for me). */
  const serialize = (row: MessageRow, me: number): ChatMessage => toChatMessage(row, { fileUrl: (fileId) => fileUrlFor(ctx, fileId, me) });

  return { send, sendComposed, list, adminNotices, search, recall, deleteForMe, forward, checkPeer, postCallRecord, visibleMessage, serialize };
}

export type MessageService = ReturnType<typeof messageService>;
