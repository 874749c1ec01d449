import { type QueryExecutorProvider, type RawBuilder, sql } from 'kysely';
import { likeText } from './like.ts';
import type { Dialect } from './migrations/helpers.ts';

/**
 * `conv_grams` (020_conv_grams): which 3-character substrings (grams) each conversation's messages
 * hold, taken from the database's own `lower(content)`, the text every keyword search matches with
 * `lower(content) like`. A search keeps only the chats holding every gram of its keyword before it
 * reads any message. Grams are added, never removed (a recalled or deleted message leaves its grams):
 * the set is a superset, so it can only let a chat through, never hide a match.
 */

/** The table's rows for every message of `source` (a table or transition table with conv_key and content). */
export function gramRows(dialect: Dialect, source: RawBuilder<unknown>, longest: number): RawBuilder<unknown> {
  if (dialect === 'postgres') {
    return sql`select distinct t.conv_key, substr(t.l, p.i, 3) as gram
      from (select conv_key, lower(content) as l from ${source}) t
      cross join lateral generate_series(1, char_length(t.l) - 2) as p(i)`;
  }
  // SQLite has no generate_series: the positions up to the longest text, as a recursive list
  return sql`with recursive pos(i) as (select 1 union all select i + 1 from pos where i < ${longest - 2})
    select distinct t.conv_key, substr(t.l, pos.i, 3) as gram
    from (select conv_key, lower(content) as l from ${source}) t join pos on pos.i <= length(t.l) - 2`;
}

/** SQLite: adds the grams of the messages with `from` < msg_id <= `to` (the search indexer's batch). */
export async function addConvGrams(db: QueryExecutorProvider, from: number, to: number): Promise<void> {
  const range = sql`(select conv_key, content from messages where msg_id > ${from} and msg_id <= ${to})`;
  const { rows } = await sql<{ n: number | null }>`select max(length(content)) as n from messages where msg_id > ${from} and msg_id <= ${to}`.execute(db);
  const longest = Number(rows[0]?.n ?? 0);
  if (longest < 3) return;
  await sql`insert or ignore into conv_grams (conv_key, gram) ${gramRows('sqlite', range, longest)}`.execute(db);
}

/** Grams a search checks at most (spread over a long phrase: fewer grams only let more chats through). */
const GRAMS_CHECKED = 8;

/** The grams of a keyword of 3+ characters, as `lower(content) like` looks for it (see likeText). */
export function keywordGrams(keywords: string): string[] {
  const chars = [...likeText(keywords)];
  const all = [...new Set(chars.slice(0, -2).map((_, i) => chars.slice(i, i + 3).join('')))];
  if (all.length <= GRAMS_CHECKED) return all;
  return Array.from({ length: GRAMS_CHECKED }, (_, k) => all[Math.round((k * (all.length - 1)) / (GRAMS_CHECKED - 1))]);
}

/** `conv_key` (a column) holds every gram of `grams` (an empty list: always). */
export function holdsGrams(convKey: RawBuilder<unknown>, grams: string[]): RawBuilder<boolean> {
  if (grams.length === 0) return sql<boolean>`true`;
  return sql<boolean>`(${sql.join(
    grams.map((g) => sql`exists (select 1 from conv_grams g where g.conv_key = ${convKey} and g.gram = ${g})`),
    sql` and `,
  )})`;
}
