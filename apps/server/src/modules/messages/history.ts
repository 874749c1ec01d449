import {
  avatarColorFor,
  type ChatMessage,
  decodeConvKey,
  FILE_TRANSFER_NAME,
  type GetMessageListBody,
  groupContactId,
  MESSAGE_COUNT_MAX,
  type MessageSearchHit,
  parseGroupSetting,
  SEARCH_MATCHES_MAX,
} from '@parley/protocol';
import type { Expression, SqlBool, } from 'kysely';
import { Answer } from '../../answer.ts';
import type { AppContext } from '../../context.ts';
import { idIn } from '../../db/idList.ts';
import { resolveScope, type Scope } from '../conversations/scope.ts';
import { conversationsStore } from '../conversations/store.ts';
import { fileUrlFor } from '../uploads/files.ts';
import { userCards } from '../users/directory.ts';
import { type MessageRow, toChatMessage } from './serialize.ts';
import { type MsgEb, mentions, notDeletedBy, selectMessages } from './store.ts';
import { withinSearchBudget } from './searchBudget.ts';
import { SEARCHABLE_TYPES, searchMatchIds } from './searchIds.ts';
import { contentMatches, isIndexable, recentFloor } from './textSearch.ts';


/** Reading messages: a conversation's pages (filtered by keyword, type or mention), the system notices, and search across my chats. */
export function messageHistory(ctx: AppContext) {
  const db = ctx.db;

  /** The messages of `body`'s page range that `me` sees in the scope, filtered by keyword, type or mention. */
  function listed(me: number, scope: Scope, body: GetMessageListBody, keywordFloor = 0) {
    return (eb: MsgEb): Expression<SqlBool> => {
      const all: Expression<SqlBool>[] = [eb('m.conv_key', 'in', scope.convKeys), eb('m.msg_id', '>', scope.floor), notDeletedBy(me)(eb)];
      if (body.type) all.push(eb('m.type', '=', body.type));
      if (body.keywords) {
        all.push(eb('m.type', 'in', SEARCHABLE_TYPES), eb('m.is_undo', '=', 0), contentMatches(ctx.dialect, body.keywords, keywordFloor));
      }
      if (body.is_at === 1) all.push(eb('m.from_user', '<>', me), mentions(me)(eb));
      if (body.last_msg_id !== undefined) all.push(eb('m.msg_id', '>', body.last_msg_id));
      if (body.before_msg_id !== undefined) all.push(eb('m.msg_id', '<', body.before_msg_id));
      return eb.and(all);
    };
  }

  /** In a private chat with someone else, the other side's read cursor (their row for me), which a page's read marks need. */
  function theirCursor(me: number, scope: Scope) {
    if (scope.kind !== 'private' || scope.otherUserId === undefined || scope.otherUserId === me) return null;
    return conversationsStore.readCursor(db, scope.otherUserId, String(me));
  }

  /** My read cursor and the other side's: in a chat with myself, everything is read. */
  function readCursors(me: number, scope: Scope, theirRead: number): { myRead: number; theirRead: number } {
    if (scope.kind === 'private' && scope.otherUserId === me) return { myRead: Number.MAX_SAFE_INTEGER, theirRead: Number.MAX_SAFE_INTEGER };
    return { myRead: Number(scope.row?.read_msg_id ?? 0), theirRead };
  }

  /** Serializes rows for `me`: file links signed for me, read marks of private chats. */
  function present(me: number, scope: Scope, rows: MessageRow[], { myRead, theirRead }: { myRead: number; theirRead: number }): ChatMessage[] {
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
    const inRange = listed(me, scope, body, floor);
    // after last_msg_id: the oldest first; else the newest (before before_msg_id, or the page's) counted back
    const forward = body.last_msg_id !== undefined;
    let page = selectMessages(db)
      .where(inRange)
      .orderBy('m.msg_id', forward ? 'asc' : 'desc')
      .limit(body.limit);
    if (!forward && body.before_msg_id === undefined) page = page.offset((body.page - 1) * body.limit);
    const countUpTo = Math.max(MESSAGE_COUNT_MAX, body.page * body.limit + 1);
    // without the page's joins and newest first, the count walks the conversation's index as the page
    // does; PostgreSQL, left to pick any countUpTo rows, scanned the table (or the whole id index) for them
    const counted = db.selectFrom('messages as m').select('m.msg_id').where(inRange).orderBy('m.msg_id', 'desc').limit(countUpTo);
    const their = theirCursor(me, scope);
    // the page, its count and the other side's read cursor in one statement (one round trip on PostgreSQL):
    // one row of the count beside each of the page's rows, or alone when the page is empty
    const head = db.selectNoFrom((eb) => [
      eb.selectFrom(counted.as('counted')).select(eb.fn.countAll<number>().as('n')).as('total'),
      their ? their.as('their_read') : eb.val(0).as('their_read'),
    ]);
    const rows = await db
      .with('page', () => page)
      .selectFrom(head.as('h'))
      .leftJoin('page as p', (join) => join.onTrue())
      .selectAll('p')
      .select(['h.total', 'h.their_read'])
      .orderBy('p.msg_id', 'asc')
      .execute();
    const total = Number(rows[0]?.total ?? 0);
    const cursors = readCursors(me, scope, Number(rows[0]?.their_read ?? 0));
    const messages = rows.filter((r) => r.msg_id !== null) as unknown as MessageRow[];
    return new Answer(present(me, scope, messages, cursors), { count: total });
  }

  async function adminNotices(me: number, page: number, limit: number) {
    return list(me, { toContactId: 'system', is_group: 0, page, limit });
  }

  /** Messages with `keywords` in every conversation of mine, grouped by conversation (newest first). */
  async function search(me: number, keywords: string, perContact: number): Promise<MessageSearchHit[]> {
    // first only the ids of the matches (no content, no joins), then whole rows for the few kept
    const memberships = await conversationsStore.memberships(db, me);
    const timeoutMs = ctx.config.searchTimeoutMs;
    const matches = await withinSearchBudget(db, ctx.dialect, timeoutMs, (q) =>
      searchMatchIds(q, ctx.dialect, me, keywords, memberships, SEARCH_MATCHES_MAX, { timeoutMs }),
    );
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
    const rows = ids.length === 0 ? [] : await selectMessages(db).where(idIn(ctx.dialect, 'm.msg_id', ids)).execute();
    const rowById = new Map(rows.map((r) => [Number(r.msg_id), r]));
    const byContact = new Map<string, MessageRow[]>();
    for (const [contactId, list] of keptIds) {
      byContact.set(contactId, list.map((id) => rowById.get(id)).filter((r): r is MessageRow => r !== undefined));
    }
    const userIds = [...byContact.keys()].filter((id) => /^\d+$/.test(id)).map(Number);
    const [userById, remarks] = await Promise.all([userCards(db, userIds), ctx.friends.remarksOf(me, userIds)]);
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

  return { list, adminNotices, search };
}
