import { SEARCH_INDEXED_MIN_CHARS, SEARCH_SHORT_KEYWORD_WINDOW } from '@parley/protocol';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { likeLower } from '../../db/like.ts';

/** Whether the trigram index can serve this keyword (3+ characters). */
export function isIndexable(keywords: string): boolean {
  return [...keywords].length >= SEARCH_INDEXED_MIN_CHARS;
}

/**
 * `m.content` contains `keywords`, case-insensitively: the same `lower(content) like` everywhere,
 * narrowed first by the trigram index (SQLite FTS5 `search.messages_fts`, plus the messages not indexed yet;
 * PostgreSQL's planner uses the pg_trgm GIN index on lower(content) for the LIKE itself). `floor`: the bounded window of a keyword
 * too short for the index (see recentFloor).
 */
export function contentMatches(dialect: Dialect, keywords: string, floor = 0): Expression<SqlBool> {
  const like = likeLower('m.content', keywords);
  if (!isIndexable(keywords)) return sql<SqlBool>`(${sql.ref('m.msg_id')} > ${floor} and ${like})`;
  if (dialect === 'postgres') return like;
  // the index's matches and the newest messages the index does not hold yet (see searchIndex.ts), as one
  // list the query seeks by (an OR of the two made SQLite read the whole conversation instead)
  return sql<SqlBool>`(${sql.ref('m.msg_id')} in (select rowid from search.messages_fts where messages_fts match ${ftsQuery(keywords)}
    union all select msg_id from messages where msg_id > (select indexed_upto from search.text_progress where id = 1)) and ${like})`;
}

/**
 * `keywords` (3+ characters) as an FTS5 query for the messages holding every one of its trigrams
 * (the index keeps no positions, see 020_fts_rowids_only): more than hold the keyword itself, which
 * every search then checks with LIKE. Each trigram once, quoted, quotes doubled.
 */
export function ftsQuery(keywords: string): string {
  const chars = [...keywords];
  const grams = new Set<string>();
  for (let at = 0; at + 3 <= chars.length; at++) grams.add(chars.slice(at, at + 3).join(''));
  return [...grams].map((g) => `"${g.replaceAll('"', '""')}"`).join(' AND ');
}

/**
 * For a keyword shorter than the index allows: the msg_id below which messages of these
 * conversations are not searched, so that at most SEARCH_SHORT_KEYWORD_WINDOW of them are read.
 * `convKeys` is a list, or the conversations of a user.
 */
export async function recentFloor(db: Db, convKeys: string[] | { userId: number }): Promise<number> {
  let q = db.selectFrom('messages').select('msg_id');
  q = Array.isArray(convKeys)
    ? q.where('conv_key', 'in', convKeys.length > 0 ? convKeys : [''])
    : q.where('conv_key', 'in', db.selectFrom('conversations').select('conv_key').where('user_id', '=', convKeys.userId));
  const row = await q
    .orderBy('msg_id', 'desc')
    .limit(1)
    .offset(SEARCH_SHORT_KEYWORD_WINDOW - 1)
    .executeTakeFirst();
  return row ? Number(row.msg_id) - 1 : 0;
}
