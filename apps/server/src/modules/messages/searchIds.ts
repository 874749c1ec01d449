import { FORWARD_MESSAGE_TYPE, groupContactId, parseGroupSetting, SEARCH_MATCHES_MAX } from '@parley/protocol';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { bitMask, GRAM_BITS, holdsBits, keywordBits } from '../../db/convGrams.ts';
import { likePattern } from '../../db/like.ts';
import { notDeletedBy } from '../../db/notDeleted.ts';
import { fail } from '../../domainError.ts';
import type { MembershipRow } from '../conversations/store.ts';
import { chatsNotIndexed, indexedUpTo } from './searchIndex.ts';
import { ftsQuery, isIndexable, recentFloor } from './textSearch.ts';

/** Types whose `content` is searchable text (the file name for files). */
export const SEARCHABLE_TYPES = ['text', 'file', 'location', 'contact', FORWARD_MESSAGE_TYPE];

export interface SearchTuning {
  /**
   * Matches on the whole server at most for which search is led by the text index (every match is
   * looked at once); with more, it walks my own chats in windows of msg_id instead.
   */
  fewMatches: number;
  /** The newest window of msg_ids searched in my chats; each next (older) one is windowGrowth times as wide. */
  firstWindow: number;
  windowGrowth: number;
  /**
   * Windows read before the rest is read at once: on SQLite by meeting my ids with the index's in
   * memory (see sqliteIntersection), on PostgreSQL as one last window.
   */
  windows: number;
  /** Whether only my chats with every bit of the keyword's grams are read (conv_gram_bits); off only to compare answers in tests. */
  byGrams: boolean;
  /**
   * SQLite: msg_ids met in memory at a time (see sqliteIntersection), with a turn of the event loop
   * between. One slice unless tuned: at 10M messages FTS5 read each slice of 1M ids about as slowly
   * as the whole range (4.9 s in 10 slices, 0.65 s in one, the longest slice 0.8 s).
   */
  sliceIds: number;
  /** SQLite: the search is refused once it has run this long, checked between its windows and slices. */
  timeoutMs: number;
  now: () => number;
}

export const SEARCH_TUNING: SearchTuning = {
  fewMatches: 2_000,
  firstWindow: 16_384,
  windowGrowth: 4,
  windows: 2,
  byGrams: true,
  sliceIds: Number.MAX_SAFE_INTEGER,
  timeoutMs: 1_000,
  now: () => performance.now(),
};

export interface SearchMatch {
  msg_id: number;
  conv_key: string;
  contact_id: string;
}

/**
 * The msg_id windows from `top` down to `bottom`, newest first: `(lo, hi]`, the first `first`
 * ids wide, each next one `growth` times as wide as the one before, the last ending at `bottom`.
 */
export function* msgIdWindows(top: number, bottom: number, first: number, growth: number): Generator<{ lo: number; hi: number }> {
  let hi = top;
  let width = Math.max(1, first);
  while (hi > bottom) {
    const lo = Math.max(bottom, hi - width);
    yield { lo, hi };
    hi = lo;
    width *= Math.max(2, growth);
  }
}

/**
 * Ids of the messages with `keywords` (3+ characters) in the chats of `me`, newest first, at most
 * `max`: visible to me (after my clearing, after joining a group that hides its history, not
 * deleted by me, of a group I am still in), searchable and not recalled.
 *
 * Two ways, by how many messages of the whole server match:
 * - few (a rare word or phrase): the text index leads, every match is looked at once and kept if
 *   it is in a chat of mine;
 * - many (a common word): the text index would hand over every match of every chat of the server
 *   (167,000 for a word of a sixth of 1M messages), most not mine. First only my chats that can
 *   hold the keyword are kept (every bit of its grams in conv_gram_bits): a word common on the
 *   server but absent from my chats ends there, without reading a message. Then those chats are walked
 *   newest first in windows of msg_id that widen geometrically, each read through
 *   `messages_conv` (conversation, msg_id), and the walk stops once `max` matches are found. A word
 *   of many of my messages is answered from the first windows; one absent from my chats reads each
 *   of my messages once (the windows add a few index seeks per chat).
 */
export async function searchMatchIds(
  db: Db,
  dialect: Dialect,
  me: number,
  keywords: string,
  memberships: MembershipRow[],
  max = SEARCH_MATCHES_MAX,
  tuning: Partial<SearchTuning> = {},
): Promise<SearchMatch[]> {
  const tune = { ...SEARCH_TUNING, ...tuning };
  if (!isIndexable(keywords)) {
    // a keyword too short for the index: the newest SEARCH_SHORT_KEYWORD_WINDOW of my messages only
    const floor = await recentFloor(db, { userId: me });
    const every = myChats(me, memberships);
    return (await sql<SearchMatch>`${every.select(dialect, sql`m.msg_id > ${floor}`, keywords)} order by m.msg_id desc limit ${max}`.execute(db)).rows.map(
      asMatch,
    );
  }
  if (await fewMatches(db, dialect, keywords, tune.fewMatches)) {
    // my rows are met in the join itself: the gram bits of my chats would cost more than the few matches
    const chats = myChats(me, memberships);
    if (dialect === 'sqlite') {
      // the newest messages, not in the index yet, read directly; then the index leads, newest match
      // first (CROSS JOIN keeps that order)
      const indexed = await indexedUpTo(db);
      const tail = (await sql<SearchMatch>`${chats.notIndexed(indexed, keywords)} limit ${max}`.execute(db)).rows.map(asMatch);
      if (tail.length >= max) return tail;
      const { rows } = await sql<SearchMatch>`
        select m.msg_id, m.conv_key, c.contact_id from search.messages_fts cross join messages m cross join conversations c
        where messages_fts match ${ftsQuery(keywords)} and messages_fts.rowid <= ${indexed} and m.msg_id = messages_fts.rowid
          and c.conv_key = m.conv_key and c.user_id = ${me} and ${chats.visible(dialect, keywords)}
        order by messages_fts.rowid desc limit ${max - tail.length}`.execute(db);
      return [...tail, ...rows.map(asMatch)];
    }
    // PostgreSQL estimated few rows for the LIKE: its plan reads them through the trigram index (with
    // a list of my chats to keep, it read every message of them instead)
    return (await sql<SearchMatch>`${chats.select(dialect, sql`true`, keywords)} order by m.msg_id desc limit ${max}`.execute(db)).rows.map(asMatch);
  }
  const only = tune.byGrams ? await chatsThatCanMatch(db, dialect, me, memberships, keywords) : undefined;
  if (only?.length === 0) return [];
  const chats = myChats(me, memberships, only);
  const { top, bottom } = await chats.windowRange(db, dialect);
  const found: SearchMatch[] = [];
  let windows = 0;
  const budget = sqliteBudget(dialect, tune);
  // the loop ends at the last window: PostgreSQL reads the rest in it, SQLite meets ids in memory
  for (const { lo, hi } of msgIdWindows(top, bottom, tune.firstWindow, tune.windowGrowth)) {
    const last = windows === tune.windows;
    await budget.turn();
    if (last && dialect === 'sqlite') {
      // the rest: my ids and the index's matches met in memory, only the ids of both read as rows
      found.push(...(await sqliteIntersection(db, chats, keywords, { bottom, hi, slice: tune.sliceIds }, max - found.length, budget)));
      break;
    }
    windows++;
    const need = max - found.length;
    // PostgreSQL: the rest as one last window (each window costs an index probe per chat)
    const { rows } = await sql<SearchMatch>`${chats.window(dialect, last ? bottom : lo, hi, keywords, need)}`.execute(db);
    found.push(...rows.map(asMatch));
    if (found.length >= max || last) break;
  }
  return found;
}

/**
 * SQLite, after `windows` windows of my chats without enough matches (a word common on the server
 * but rare or absent in my chats): slice by slice of msg_id, newest first, every id of mine and
 * every id of the index's matches in the slice, each read in one pass (group_concat: one row, not
 * one per id), met in memory; only the ids in both are read as rows, until `limit` are found.
 * Reading each message of mine as a row instead touched nearly every page of the table. Between
 * slices the event loop takes a turn (others' calls run) and the budget is checked.
 */
const VERIFY_CHUNK = 500;

/** `1,5,3` as numbers, into one typed array (150,000 ids: no array of strings, no array of boxed numbers). */
export function parseIds(text: string | null): Float64Array {
  if (!text) return new Float64Array(0);
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) n++;
  const ids = new Float64Array(n);
  let k = 0;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      ids[k++] = value;
      value = 0;
    } else value = value * 10 + (c - 48);
  }
  ids[k] = value;
  return ids;
}

/** The values in both ascending arrays, ascending. */
export function intersectSorted(a: Float64Array, b: Float64Array): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      out.push(a[i]);
      i++;
      j++;
    }
  }
  return out;
}

async function sqliteIntersection(
  db: Db,
  chats: ReturnType<typeof myChats>,
  keywords: string,
  range: { bottom: number; hi: number; slice: number },
  limit: number,
  budget: ReturnType<typeof sqliteBudget>,
): Promise<SearchMatch[]> {
  // my ids the index does not hold yet are candidates as they are (the rows read below check the text)
  const indexed = await indexedUpTo(db);
  const found: SearchMatch[] = [];
  for (let hi = range.hi; hi > range.bottom && found.length < limit; hi -= range.slice) {
    const lo = Math.max(range.bottom, hi - range.slice);
    if (hi < range.hi) await budget.turn();
    const mineRow = await sql<{ ids: string | null }>`${chats.ids(lo, hi)}`.execute(db);
    const mine = parseIds(mineRow.rows[0]?.ids ?? null).sort();
    if (mine.length === 0) continue;
    const ftsRow = await sql<{ ids: string | null }>`
      select group_concat(rowid) as ids from search.messages_fts where messages_fts match ${ftsQuery(keywords)} and rowid > ${lo} and rowid <= ${Math.min(hi, indexed)}`.execute(db);
    const notIndexed = [...mine.filter((id) => id > indexed)];
    const both = [...intersectSorted(mine, parseIds(ftsRow.rows[0]?.ids ?? null).sort()), ...notIndexed].reverse();
    for (let at = 0; at < both.length && found.length < limit; at += VERIFY_CHUNK) {
      const chunk = both.slice(at, at + VERIFY_CHUNK);
      const { rows } = await sql<SearchMatch>`${chats.select('sqlite', sql`m.msg_id in (${sql.join(chunk)})`, keywords)}
        order by m.msg_id desc limit ${limit - found.length}`.execute(db);
      found.push(...rows.map(asMatch));
    }
  }
  return found;
}

/**
 * SQLite runs a search on the one event loop: between its windows and slices it gives others a
 * turn, and refuses the search (messages.searchTooLong) once it has run `timeoutMs`. PostgreSQL's
 * statements have their own timeout (searchBudget.ts).
 */
function sqliteBudget(dialect: Dialect, tune: SearchTuning) {
  const started = tune.now();
  return {
    async turn(): Promise<void> {
      if (dialect !== 'sqlite') return;
      await new Promise((resolve) => setImmediate(resolve));
      if (tune.now() - started > tune.timeoutMs) throw fail('messages.searchTooLong');
    },
  };
}

const asMatch = (r: SearchMatch): SearchMatch => ({ msg_id: Number(r.msg_id), conv_key: r.conv_key, contact_id: r.contact_id });

/**
 * Whether at most FEW_MATCHES messages of the whole server contain `keywords`. SQLite: the
 * full-text index answers that by itself (a walk stopped after FEW_MATCHES + 1 rowids). PostgreSQL:
 * the planner's estimate from the trigram statistics, which for a LIKE on the pg_trgm index is close.
 */
async function fewMatches(db: Db, dialect: Dialect, keywords: string, few: number): Promise<boolean> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select rowid from search.messages_fts where messages_fts match ${ftsQuery(keywords)} limit ${few + 1})`.execute(db);
    return Number(rows[0]?.n ?? 0) <= few;
  }
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>`
    explain (format json) select m.msg_id from messages m where lower(m.content) like ${likePattern(keywords)} escape '\\'`.execute(db);
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: { 'Plan Rows': number } }]) : plan;
  return (parsed?.[0]?.Plan?.['Plan Rows'] ?? Number.POSITIVE_INFINITY) <= few;
}

/**
 * The conv_keys of my rows that can hold `keywords`: every bit of its grams set in conv_gram_bits,
 * or a message the indexer has not done yet; undefined when every row can. One row of
 * bits per chat of mine, however many messages of the server hold the keyword.
 */
async function chatsThatCanMatch(db: Db, dialect: Dialect, me: number, memberships: MembershipRow[], keywords: string): Promise<string[] | undefined> {
  const bits = keywordBits(keywords);
  const mine = myChats(me, memberships).mineOnly;
  const notIndexed = await chatsNotIndexed(db, dialect);
  let rows: { conv_key: string; can: boolean }[];
  if (dialect === 'postgres') {
    const mask = sql`cast(${bitMask(bits)} as bit(${sql.lit(GRAM_BITS)}))`;
    const answer = await sql<{ conv_key: string; can: boolean }>`
      select c.conv_key, coalesce((b.bits & ${mask}) = ${mask}, false) as can
      from conversations c left join conv_gram_bits b on b.conv_key = c.conv_key where c.user_id = ${me} and ${mine}`.execute(db);
    rows = answer.rows.map((r) => ({ conv_key: r.conv_key, can: r.can || notIndexed.has(r.conv_key) }));
  } else {
    const answer = await sql<{ conv_key: string; bits: Uint8Array | null }>`
      select c.conv_key, b.bits from conversations c left join search.conv_gram_bits b on b.conv_key = c.conv_key where c.user_id = ${me} and ${mine}`.execute(db);
    rows = answer.rows.map((r) => ({ conv_key: r.conv_key, can: notIndexed.has(r.conv_key) || holdsBits(r.bits, bits) }));
  }
  const can = rows.filter((r) => r.can).map((r) => r.conv_key);
  return can.length === rows.length ? undefined : can;
}

/**
 * My chat-list rows as the search sees them: every row but those of groups I am no longer in (and
 * of those, only `only` when given), each visible above its floor (my clearing; for a group that
 * hides history from before joining, my joining message too).
 */
function myChats(me: number, memberships: MembershipRow[], only?: string[]) {
  const groupIds = memberships.map((m) => groupContactId(m.group_id) as string);
  const joinFloors = memberships
    .filter((m) => parseGroupSetting(m.setting).history !== 1 && Number(m.joined_msg_id) > 0)
    .map((m) => [groupContactId(m.group_id) as string, Number(m.joined_msg_id)] as const);
  const stillIn: RawBuilder<unknown> =
    groupIds.length === 0
      ? sql`c.contact_id not like 'group-%'`
      : sql`(c.contact_id not like 'group-%' or c.contact_id in (${sql.join(groupIds)}))`;
  const mineOnly = only === undefined ? stillIn : sql`${stillIn} and c.conv_key in (${sql.join(only)})`;
  /** the lowest msg_id a message of this row must be above */
  const floor = (dialect: Dialect): RawBuilder<number> => {
    if (joinFloors.length === 0) return sql<number>`c.cleared_msg_id`;
    const branches = joinFloors.map(([contact, v]) => sql`when ${contact} then cast(${v} as bigint)`);
    const joined = sql`(case c.contact_id ${sql.join(branches, sql` `)} else 0 end)`;
    return dialect === 'postgres' ? sql<number>`greatest(c.cleared_msg_id, ${joined})` : sql<number>`max(c.cleared_msg_id, ${joined})`;
  };
  /** `m` (of row `c`) may be shown to me and contains `keywords` */
  const visible = (dialect: Dialect, keywords: string) => sql`${mineOnly} and m.msg_id > ${floor(dialect)}
    and m.type in (${sql.join(SEARCHABLE_TYPES)}) and m.is_undo = 0
    and ${notDeletedBy(me)}
    and lower(m.content) like ${likePattern(keywords)} escape '\\'`;
  return {
    mineOnly,
    visible,
    /** the matches `m` of my rows `c` that also satisfy `where` (unordered) */
    select: (dialect: Dialect, where: RawBuilder<unknown>, keywords: string) => sql`
      select m.msg_id, m.conv_key, c.contact_id from conversations c inner join messages m on m.conv_key = c.conv_key
      where c.user_id = ${me} and ${where} and ${visible(dialect, keywords)}`,
    /**
     * The newest `limit` matches with lo < msg_id <= hi, newest first, each chat read through its
     * index range. PostgreSQL is told to go chat by chat (LATERAL): its estimate of a common word's
     * matches is far off, and for a word absent from my chats it otherwise scanned every message of the window.
     */
    window(dialect: Dialect, lo: number, hi: number, keywords: string, limit: number) {
      if (dialect === 'postgres') {
        return sql`select x.msg_id, x.conv_key, c.contact_id from conversations c
          cross join lateral (
            select m.msg_id, m.conv_key from messages m
            where m.conv_key = c.conv_key and m.msg_id > greatest(${lo}::bigint, ${floor(dialect)}) and m.msg_id <= ${hi}
              and m.type in (${sql.join(SEARCHABLE_TYPES)}) and m.is_undo = 0
              and ${notDeletedBy(me)}
              and lower(m.content) like ${likePattern(keywords)} escape '\\'
            order by m.msg_id desc limit ${limit}
          ) x
          where c.user_id = ${me} and ${mineOnly}
          order by x.msg_id desc limit ${limit}`;
      }
      return sql`select m.msg_id, m.conv_key, c.contact_id from conversations c cross join messages m
        where c.user_id = ${me} and m.conv_key = c.conv_key and m.msg_id > max(${lo}, ${floor(dialect)}) and m.msg_id <= ${hi}
          and ${visible(dialect, keywords)}
        order by m.msg_id desc limit ${limit}`;
    },
    /**
     * SQLite: my matches not in the full-text index yet (msg_id > indexed), newest first: the newest
     * messages of the whole server, read by msg_id, each looked up in my rows.
     */
    notIndexed: (indexed: number, keywords: string) => sql`
      select m.msg_id, m.conv_key, c.contact_id from messages m cross join conversations c
      where m.msg_id > ${indexed} and c.conv_key = m.conv_key and c.user_id = ${me} and ${visible('sqlite', keywords)}
      order by m.msg_id desc`,
    /** SQLite: every id of my visible messages with lo < msg_id <= hi, comma-separated (one row: `ids`) */
    ids: (lo: number, hi: number) => sql`
      select group_concat(m.msg_id) as ids from conversations c cross join messages m
      where c.user_id = ${me} and ${mineOnly} and m.conv_key = c.conv_key and m.msg_id > max(${lo}, ${floor('sqlite')}) and m.msg_id <= ${hi}`,
    /**
     * Where the windows start and end: the lowest floor of my rows (below it nothing of mine is
     * visible), and on SQLite the newest msg_id of my chats (one index seek each), not the server's,
     * which others' chats may have taken far above mine: with 100,000 newer messages of others, the
     * windows above my newest found nothing and the rest was met in memory, 178 ms instead of 32. On
     * PostgreSQL a seek per chat costs about what a window does (each window is one per chat), so
     * the windows start at the server's newest.
     */
    async windowRange(db: Db, dialect: Dialect): Promise<{ top: number; bottom: number }> {
      const top =
        dialect === 'postgres'
          ? sql`(select max(msg_id) from messages)`
          : sql`(select max(x.newest) from (select (select m.msg_id from messages m where m.conv_key = c.conv_key order by m.msg_id desc limit 1) as newest
              from conversations c where c.user_id = ${me} and ${mineOnly}) x)`;
      const { rows } = await sql<{ top: number | null; bottom: number | null }>`select ${top} as top,
        (select min(cleared_msg_id) from conversations where user_id = ${me}) as bottom`.execute(db);
      return { top: Number(rows[0]?.top ?? 0), bottom: Number(rows[0]?.bottom ?? 0) };
    },
  };
}
