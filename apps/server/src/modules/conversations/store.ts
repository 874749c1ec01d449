import { GROUP_PREFIX, SYSTEM_CONTACT_ID, systemConvKey } from '@parley/protocol';
import { type RawBuilder, sql } from 'kysely';
import { greatest } from '../../db/greatest.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { notDeletedBy } from '../../db/notDeleted.ts';
import { newConversationRow } from './rows.ts';

/** SQL of the chat list. Every function takes the connection to use (`db` or a transaction). */

export interface MembershipRow {
  group_id: number;
  role: number;
  joined_at: number;
  joined_msg_id: number;
  name: string;
  avatar: string;
  notice: string;
  setting: string;
}

export interface ConversationStats {
  contact_id: string;
  is_top: number;
  is_notice: number;
  hidden_msg_id: number;
  last_id: number | null;
  unread: number;
  at_count: number;
  /** the message `last_id` (null when none) */
  last: LastMessageRow | null;
}

/** The system contact's row: my flags, its newest visible message and unread count. */
export interface SystemStats {
  is_top: number;
  is_notice: number;
  last_id: number | null;
  unread: number;
  last: LastMessageRow | null;
}

/** The columns of a chat's last message that the chat list shows. */
export interface LastMessageRow {
  msg_id: number;
  from_user: number;
  type: string;
  content: string;
  send_time: number;
  is_undo: number;
  extends: string;
}

/** `LastMessageRow` as selected by `lastMessageColumns` beside `last_id` (all null without a last message). */
type LastColumns = { last_id: number | null } & { [K in Exclude<keyof LastMessageRow, 'msg_id'> as `last_${K}`]: LastMessageRow[K] | null };

type StatsRow = Omit<ConversationStats, 'last'> & LastColumns;

/** The columns of `LastMessageRow` of a message `m`. */
const lastMessageOfM = sql`m.msg_id, m.from_user, m.type, m.content, m.send_time, m.is_undo, m.extends`;

/** The last message `lm` (joined on `last_id`) as `LastColumns`. */
const lastMessageColumns = sql`lm.from_user as last_from_user, lm.type as last_type, lm.content as last_content,
  lm.send_time as last_send_time, lm.is_undo as last_is_undo, lm.extends as last_extends`;

function lastMessageOf(r: LastColumns): LastMessageRow | null {
  if (r.last_id === null || r.last_type === null) return null;
  return {
    msg_id: Number(r.last_id),
    from_user: Number(r.last_from_user),
    type: r.last_type,
    content: r.last_content ?? '',
    send_time: Number(r.last_send_time),
    is_undo: Number(r.last_is_undo),
    extends: r.last_extends ?? '',
  };
}

/** Per-group numbers that differ between rows of one user's list, as a CASE over contact ids. */
function perContact(values: Map<string, number>): RawBuilder<number> {
  if (values.size === 0) return sql<number>`0`;
  const branches = [...values].map(([contact, v]) => sql`when ${contact} then cast(${v} as bigint)`);
  return sql<number>`(case c.contact_id ${sql.join(branches, sql` `)} else 0 end)`;
}

/** `"at"` (a JSON array such as `[3,5]`) names the user or everyone (0); `<> '[]'` lets the count seek messages_mentions. */
function mentionSql(userId: number): RawBuilder<boolean> {
  const alts = [userId, 0].flatMap((id) => [
    sql`m."at" = ${`[${id}]`}`,
    sql`m."at" like ${`[${id},%`}`,
    sql`m."at" like ${`%,${id}]`}`,
    sql`m."at" like ${`%,${id},%`}`,
  ]);
  return sql<boolean>`(m."at" <> '[]' and (${sql.join(alts, sql` or `)}))`;
}

export const conversationsStore = {
  /** My group memberships with the group's display facts (dissolved groups left out). */
  memberships(db: Db, userId: number): Promise<MembershipRow[]> {
    return db
      .selectFrom('group_members as gm')
      .innerJoin('groups as g', 'g.id', 'gm.group_id')
      .select(['gm.group_id', 'gm.role', 'gm.joined_at', 'gm.joined_msg_id', 'g.name', 'g.avatar', 'g.notice', 'g.setting'])
      .where('gm.user_id', '=', userId)
      .where('g.removed_at', 'is', null)
      .execute();
  },

  contactIds(db: Db, userId: number): Promise<{ contact_id: string }[]> {
    return db.selectFrom('conversations').select('contact_id').where('user_id', '=', userId).execute();
  },

  async insertMissing(db: Db, userId: number, rows: { contact_id: string; conv_key: string }[], now: number): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('conversations')
      .values(
        rows.map((r) => newConversationRow(userId, r.contact_id, r.conv_key, now)),
      )
      .onConflict((oc) => oc.columns(['user_id', 'contact_id']).doNothing())
      .execute();
  },

  /**
   * Every chat-list row of `userId` (except the system contact) with its newest visible message and
   * the unread and mention counts, in one statement. `visFloor` (history hidden from before joining)
   * and `joinedAt` (a member counts unread only from joining) are per group.
   */
  async stats(db: Db, dialect: Dialect, userId: number, visFloor: Map<string, number>, joinedAt: Map<string, number>): Promise<ConversationStats[]> {
    const floor = perContact(visFloor);
    const since = perContact(joinedAt);
    const notDeleted = notDeletedBy(userId);
    // each count seeks straight past everything read (or cleared, or hidden), not just past one of them
    const seen = greatest(dialect, [sql`c.cleared_msg_id`, floor]);
    const read = greatest(dialect, [sql`c.cleared_msg_id`, floor, sql`c.read_msg_id`]);
    const readAt = greatest(dialect, [sql`c.cleared_msg_id`, floor, sql`c.read_msg_id`, sql`c.read_at_msg_id`]);
    const counted = sql`m.from_user <> ${userId} and m.is_undo = 0 and m.send_time >= ${since}`;
    const unread = sql`m.conv_key = c.conv_key and ${notDeleted} and ${counted}`;
    // mentions are kept for groups only, so a private chat's mention count is not looked for
    const atCount = sql`case when c.contact_id like ${`${GROUP_PREFIX}%`}
      then (select count(*) from messages m where m.msg_id > ${readAt} and ${unread} and ${mentionSql(userId)})
      else 0 end`;
    const mine = sql`c.user_id = ${userId} and c.contact_id <> ${SYSTEM_CONTACT_ID}`;
    const result =
      dialect === 'postgres'
        ? // one backward index scan per chat, from its newest message down to my read cursor, gives both the
          // last message (its row, not an id to look up again) and the unread count; only a chat without a
          // message from the cursor up (cleared, or the read one deleted) looks below it, and has none unread.
          // At 1M messages, 5 buffers a chat instead of 13, the statement 16 -> 11 ms
          await sql<StatsRow>`
            select c.contact_id, c.is_top, c.is_notice, c.hidden_msg_id, lm.msg_id as last_id, coalesce(lm.unread, 0) as unread,
              ${atCount} as at_count, ${lastMessageColumns}
            from conversations c left join lateral (
              (select ${lastMessageOfM}, count(*) filter (where m.msg_id > ${read} and ${counted}) over () as unread
                from messages m where m.conv_key = c.conv_key and m.msg_id > ${seen} and m.msg_id >= c.read_msg_id and ${notDeleted}
                order by m.msg_id desc limit 1)
              union all
              (select ${lastMessageOfM}, 0 from messages m where m.conv_key = c.conv_key and m.msg_id > ${seen} and ${notDeleted} order by m.msg_id desc limit 1)
              limit 1) lm on true
            where ${mine}`.execute(db)
        : // the newest message is looked for from my read cursor up first, and below it only when none is
          // there (PostgreSQL, before the statement above: a long chat's last_id 12 us, 6 us bounded by the
          // cursor); the last message's columns joined by id (SQLite has no LATERAL); `materialized`, else
          // SQLite flattens the subquery and finds each last_id twice
          await sql<StatsRow>`
            with s as materialized (
              select c.contact_id, c.is_top, c.is_notice, c.hidden_msg_id,
                coalesce(
                  (select m.msg_id from messages m where m.conv_key = c.conv_key and m.msg_id > ${seen} and m.msg_id >= c.read_msg_id and ${notDeleted} order by m.msg_id desc limit 1),
                  (select m.msg_id from messages m where m.conv_key = c.conv_key and m.msg_id > ${seen} and ${notDeleted} order by m.msg_id desc limit 1)
                ) as last_id,
                (select count(*) from messages m where m.msg_id > ${read} and ${unread}) as unread,
                ${atCount} as at_count
              from conversations c
              where ${mine}
            )
            select s.*, ${lastMessageColumns} from s left join messages lm on lm.msg_id = s.last_id`.execute(db);
    return result.rows.map((r) => ({
      contact_id: r.contact_id,
      is_top: Number(r.is_top),
      is_notice: Number(r.is_notice),
      hidden_msg_id: Number(r.hidden_msg_id),
      last_id: r.last_id === null ? null : Number(r.last_id),
      unread: Number(r.unread),
      at_count: Number(r.at_count),
      last: lastMessageOf(r),
    }));
  },

  /** The system contact: notices to me (`s:<me>`) and broadcasts (`s:0`), with my row's flags, in one statement. */
  async systemStats(db: Db, dialect: Dialect, userId: number): Promise<SystemStats> {
    const keys = [systemConvKey(userId), systemConvKey(0)];
    const notDeleted = notDeletedBy(userId);
    const result = await sql<LastColumns & { is_top: number; is_notice: number; last_id: number | null; unread: number }>`
      with s as materialized (
        select c.is_top, c.is_notice,
          (select m.msg_id from messages m where m.conv_key in (${sql.join(keys)}) and m.msg_id > c.cleared_msg_id and ${notDeleted} order by m.msg_id desc limit 1) as last_id,
          (select count(*) from messages m where m.conv_key in (${sql.join(keys)}) and m.msg_id > ${greatest(dialect, [sql`c.read_msg_id`, sql`c.cleared_msg_id`])} and m.is_undo = 0 and ${notDeleted}) as unread
        from conversations c
        where c.user_id = ${userId} and c.contact_id = ${SYSTEM_CONTACT_ID}
      )
      select s.*, ${lastMessageColumns} from s left join messages lm on lm.msg_id = s.last_id`.execute(db);
    const r = result.rows[0];
    if (!r) throw new Error(`user ${userId} has no system chat row`);
    return {
      is_top: Number(r.is_top),
      is_notice: Number(r.is_notice),
      last_id: r.last_id === null ? null : Number(r.last_id),
      unread: Number(r.unread),
      last: lastMessageOf(r),
    };
  },

  /** The newest msg_id of the given conversations (0 when none). */
  /** The newest msg_id of all conversations (a cut that hides or clears everything so far). */
  async maxMsgId(db: Db): Promise<number> {
    const row = await db.selectFrom('messages').select((eb) => eb.fn.max('msg_id').as('max')).executeTakeFirst();
    return Number(row?.max ?? 0);
  },

  async lastMsgId(db: Db, convKeys: string[]): Promise<number> {
    const row = await db
      .selectFrom('messages')
      .select('msg_id')
      .where('conv_key', 'in', convKeys)
      .orderBy('msg_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return Number(row?.msg_id ?? 0);
  },

  async setCursor(
    db: Db,
    userId: number,
    contactId: string,
    column: 'read_msg_id' | 'read_at_msg_id',
    msgId: number,
  ): Promise<boolean> {
    const set = column === 'read_msg_id' ? { read_msg_id: msgId, updated_at: Date.now() } : { read_at_msg_id: msgId, updated_at: Date.now() };
    const res = await db
      .updateTable('conversations')
      .set(set)
      .where('user_id', '=', userId)
      .where('contact_id', '=', contactId)
      .where(column, '<', msgId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  },

  async setFlags(
    db: Db,
    userId: number,
    contactId: string,
    set: Partial<{ is_top: number; is_notice: number; hidden_msg_id: number; cleared_msg_id: number }>,
  ): Promise<void> {
    await db
      .updateTable('conversations')
      .set({ ...set, updated_at: Date.now() })
      .where('user_id', '=', userId)
      .where('contact_id', '=', contactId)
      .execute();
  },

  /** Of `userIds`, those whose row for `contactId` has notifications off (primary key lookups). */
  async mutedAmong(db: Db, contactId: string, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .selectFrom('conversations')
      .select('user_id')
      .where('contact_id', '=', contactId)
      .where('user_id', 'in', userIds)
      .where('is_notice', '=', 0)
      .execute();
    return rows.map((r) => Number(r.user_id));
  },

  /** Removes every user's chat row of `contactId` (a dissolved group). */
  async deleteAllOf(db: Db, contactId: string): Promise<void> {
    await db.deleteFrom('conversations').where('contact_id', '=', contactId).execute();
  },

  /** Moves the cleared mark of one user's chat row of `contactId` up to `clearedMsgId`, or of everyone's when `userId` is null. */
  async clearUpTo(db: Db, contactId: string, userId: number | null, clearedMsgId: number): Promise<void> {
    let q = db
      .updateTable('conversations')
      .set({ cleared_msg_id: clearedMsgId, updated_at: Date.now() })
      .where('contact_id', '=', contactId)
      .where('cleared_msg_id', '<', clearedMsgId);
    if (userId !== null) q = q.where('user_id', '=', userId);
    await q.execute();
  },

  /** The read cursor of `userId` in their row for `contactId` (no row when none), as a subquery to run with another statement. */
  readCursor(db: Db, userId: number, contactId: string) {
    return db.selectFrom('conversations').select('read_msg_id').where('user_id', '=', userId).where('contact_id', '=', contactId);
  },
};
