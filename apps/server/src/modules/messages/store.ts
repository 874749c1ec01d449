import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { reusableList } from '../../db/reusable.ts';
import type { Database } from '../../db/schema.ts';
import type { MessageRow } from './serialize.ts';

/** SQL of the messages module. Every function takes the connection to use (`db` or a transaction). */

export interface MessageDraft {
  id: string;
  conv_key: string;
  from_user: number;
  to_contact: string;
  is_group: number;
  type: string;
  content: string;
  at: number[];
  extends: Record<string, unknown>;
  file_id: number | null;
  send_time: number;
}

export type MsgEb = ExpressionBuilder<Database & { m: Database['messages'] }, 'm'>;

/** messages `m` joined with the sender `u` and the file `f`, selecting the columns of `MessageRow`. */
export function selectMessages(db: Db) {
  return db
    .selectFrom('messages as m')
    .leftJoin('users as u', 'u.id', 'm.from_user')
    .leftJoin('uploads as f', 'f.id', 'm.file_id')
    .select([
      'm.msg_id',
      'm.id',
      'm.conv_key',
      'm.from_user',
      'm.to_contact',
      'm.is_group',
      'm.type',
      'm.content',
      'm.at',
      'm.extends',
      'm.file_id',
      'm.send_time',
      'm.is_undo',
      'u.nickname as sender_nickname',
      'u.avatar as sender_avatar',
      'u.avatar_color as sender_avatar_color',
      'f.name as file_name',
      'f.size as file_size',
      'f.mime as file_mime',
      'f.ext as file_ext',
    ]);
}

/** Messages `viewer` deleted for themself are left out. */
export function notDeletedBy(viewer: number) {
  return (eb: MsgEb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('message_deletions as d')
          .select('d.msg_id')
          .whereRef('d.msg_id', '=', 'm.msg_id')
          .where('d.user_id', '=', viewer),
      ),
    );
}

/** `m.at` (a JSON array like `[3,5]`) names `userId` or everyone (0); `<> '[]'` lets the query seek messages_mentions. */
export function mentions(userId: number) {
  return (eb: MsgEb): Expression<SqlBool> => {
    const alts: Expression<SqlBool>[] = [];
    for (const id of [userId, 0]) {
      alts.push(eb('m.at', '=', `[${id}]`));
      alts.push(eb('m.at', 'like', `[${id},%`));
      alts.push(eb('m.at', 'like', `%,${id}]`));
      alts.push(eb('m.at', 'like', `%,${id},%`));
    }
    return eb.and([eb('m.at', '<>', sql.lit('[]')), eb.or(alts)]);
  };
}

/**
 * Keeps the ids of one conversation in commit order on PostgreSQL: writers of the same conversation
 * take a transaction-scoped advisory lock before drawing a msg_id, so a reader never sees id n+1
 * committed while n is still in flight (the reconcile-after-rebind relies on it). SQLite writes one
 * transaction at a time already.
 */
export async function lockConversations(trx: Db, dialect: Dialect | undefined, convKeys: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const key of [...new Set(convKeys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  }
}

/** A draft as the `messages` row stores it (JSON columns as text, not recalled). */
export function storedColumns(d: MessageDraft) {
  return {
    id: d.id,
    conv_key: d.conv_key,
    from_user: d.from_user,
    to_contact: d.to_contact,
    is_group: d.is_group,
    type: d.type,
    content: d.content,
    at: JSON.stringify(d.at),
    extends: JSON.stringify(d.extends),
    file_id: d.file_id ?? null,
    send_time: d.send_time,
    is_undo: 0 as const,
  };
}

/** Rows per multi-row statement: well under SQLite's 32,766 bound parameters at 12 columns. */
const LIST_PART_MAX = 64;

/** Inserts rows of `storedColumns` unless their (from_user, id) exists; answers the new rows' ids. */
const insertNew = reusableList({
  build: (trx, rows: ReturnType<typeof storedColumns>[]) =>
    trx
      .insertInto('messages')
      .values(rows)
      .onConflict((oc) => oc.columns(['from_user', 'id']).doNothing())
      .returning(['msg_id', 'from_user', 'id']),
  params: (rows) => rows.flatMap((r) => Object.values(r)),
  maxPart: LIST_PART_MAX,
});

type ChatRow = { is_top: number; is_notice: number; read_msg_id: number; read_at_msg_id: number; cleared_msg_id: number; hidden_msg_id: number; conv_key: string; updated_at: number; user_id: number; contact_id: string };

/** Inserts chat-list rows unless the (user_id, contact_id) row exists. */
const insertChatRows = reusableList({
  build: (trx, rows: ChatRow[]) =>
    trx
      .insertInto('conversations')
      .values(rows)
      .onConflict((oc) => oc.columns(['user_id', 'contact_id']).doNothing()),
  params: (rows) => rows.flatMap((r) => Object.values(r)),
  maxPart: LIST_PART_MAX,
});

/** The newest msg_id of each conversation (null for one without messages), one index probe each. */
const newestOfEach = reusableList({
  // a raw statement compiles with its database
  build: (db, keys: string[]) => ({
    compile: () =>
      sql<{ conv_key: string; newest: number | null }>`
        with k(conv_key) as (values ${sql.join(keys.map((key) => sql`(${key})`))})
        select k.conv_key, (select max(m.msg_id) from messages m where m.conv_key = k.conv_key) as newest from k`.compile(db),
  }),
  params: (keys) => keys,
  maxPart: LIST_PART_MAX,
});

export const messagesStore = {
  /**
   * Inserts the drafts unless their (from_user, id) exists, in statements of `LIST_PART_MAX` rows at most;
   * answers the new msg_id of each draft, or null for a duplicate (stored before, or twice here).
   */
  async insertMany(trx: Db, drafts: readonly MessageDraft[]): Promise<(number | null)[]> {
    const made = new Map<string, number>();
    for (const r of await insertNew(trx, drafts.map(storedColumns))) made.set(`${r.from_user}:${r.id}`, Number(r.msg_id));
    // the first draft of a (from_user, id) owns the new row; a repeat of it is a duplicate
    return drafts.map((d) => {
      const key = `${d.from_user}:${d.id}`;
      const id = made.get(key) ?? null;
      made.delete(key);
      return id;
    });
  },

  /** Records the files a message shows inside it (a merged forward's). */
  async attach(trx: Db, msgId: number, fileIds: readonly number[]): Promise<void> {
    const unique = [...new Set(fileIds)];
    if (unique.length === 0) return;
    await trx
      .insertInto('message_attachments')
      .values(unique.map((file_id) => ({ msg_id: msgId, file_id })))
      .execute();
  },

  /**
   * The newest msg_id of one conversation (0 when it has none), or the newest below `below`:
   * the `prev_msg_id` of the next message, or of message `below`.
   */
  async newestOf(db: Db, convKey: string, below?: number): Promise<number> {
    let q = db
      .selectFrom('messages')
      .select((eb) => eb.fn.max('msg_id').as('max'))
      .where('conv_key', '=', convKey);
    if (below !== undefined) q = q.where('msg_id', '<', below);
    const row = await q.executeTakeFirst();
    return Number(row?.max ?? 0);
  },

  /** The newest msg_id of each conversation (0 for one without messages), one index probe each. */
  async newestOfMany(db: Db, convKeys: readonly string[]): Promise<Map<string, number>> {
    const newest = new Map<string, number>();
    for (const r of await newestOfEach(db, convKeys)) newest.set(r.conv_key, Number(r.newest ?? 0));
    return newest;
  },

  async bySenderId(db: Db, fromUser: number, id: string): Promise<MessageRow | undefined> {
    return selectMessages(db).where('m.from_user', '=', fromUser).where('m.id', '=', id).executeTakeFirst();
  },

  async byMsgId(db: Db, msgId: number): Promise<MessageRow | undefined> {
    return selectMessages(db).where('m.msg_id', '=', msgId).executeTakeFirst();
  },

  async byMsgIds(db: Db, msgIds: number[]): Promise<MessageRow[]> {
    if (msgIds.length === 0) return [];
    return selectMessages(db).where('m.msg_id', 'in', msgIds).orderBy('m.msg_id').execute();
  },

  /** Chat-list rows for both sides of each private chat (one for a chat with yourself); existing rows are kept. */
  async ensurePrivateRows(trx: Db, chats: readonly { a: number; b: number; convKey: string; at: number }[]): Promise<void> {
    const base = { is_top: 0, is_notice: 1, read_msg_id: 0, read_at_msg_id: 0, cleared_msg_id: 0, hidden_msg_id: 0 };
    const rows = chats.flatMap(({ a, b, convKey, at }): ChatRow[] => {
      const mine = { ...base, conv_key: convKey, updated_at: at, user_id: a, contact_id: String(b) };
      return a === b ? [mine] : [mine, { ...mine, user_id: b, contact_id: String(a) }];
    });
    await insertChatRows(trx, rows);
  },

  /**
   * Recalls a message, and forgets its words in the replies that quote it (they keep who and what
   * kind, marked `recalled`): only the conversation's later messages with a quote are read.
   */
  async recall(db: Db, msg: { msgId: number; convKey: string }): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('messages')
        .set({ is_undo: 1, content: '', extends: '{}', at: '[]', file_id: null })
        .where('msg_id', '=', msg.msgId)
        .execute();
      const replies = await trx
        .selectFrom('messages')
        .select(['msg_id', 'extends'])
        .where('conv_key', '=', msg.convKey)
        .where('msg_id', '>', msg.msgId)
        .where('extends', 'like', `%"quote":{"msg_id":${msg.msgId},%`)
        .execute();
      for (const reply of replies) {
        const ext = JSON.parse(reply.extends) as { quote?: Record<string, unknown> };
        if (ext.quote?.msg_id !== msg.msgId) continue;
        ext.quote = { ...ext.quote, text: '', recalled: 1 };
        await trx.updateTable('messages').set({ extends: JSON.stringify(ext) }).where('msg_id', '=', reply.msg_id).execute();
      }
    });
  },

  async deleteFor(db: Db, userId: number, msgId: number): Promise<void> {
    await db
      .insertInto('message_deletions')
      .values({ user_id: userId, msg_id: msgId })
      .onConflict((oc) => oc.columns(['user_id', 'msg_id']).doNothing())
      .execute();
  },

  async deletedBy(db: Db, userId: number, msgId: number): Promise<boolean> {
    const row = await db
      .selectFrom('message_deletions')
      .select('msg_id')
      .where('user_id', '=', userId)
      .where('msg_id', '=', msgId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Which of `msgIds` the user deleted for themselves. */
  async deletedAmong(db: Db, userId: number, msgIds: number[]): Promise<Set<number>> {
    if (msgIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('message_deletions')
      .select('msg_id')
      .where('user_id', '=', userId)
      .where('msg_id', 'in', msgIds)
      .execute();
    return new Set(rows.map((r) => Number(r.msg_id)));
  },

  /** The highest msg_id of the whole table (0 when empty). */
  async maxMsgId(db: Db): Promise<number> {
    const row = await db.selectFrom('messages').select((eb) => eb.fn.max('msg_id').as('max')).executeTakeFirst();
    return Number(row?.max ?? 0);
  },
};
