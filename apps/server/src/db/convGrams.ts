import { type QueryExecutorProvider, type RawBuilder, sql } from 'kysely';
import { likeText } from './like.ts';

/**
 * `conv_gram_bits` (020_conv_gram_bits): one row of GRAM_BITS bits per conversation, a bit set for
 * every 3-character substring (gram) of its messages' `lower(content)`, the text every keyword search
 * matches with `lower(content) like`. A search keeps only my chats with every bit of its keyword's
 * grams set before it reads any message. Bits are added, never cleared (a recalled or deleted
 * message leaves its bits), and grams share bits: the set is a superset, so it can let a chat through
 * but never hide a match. A chat with many distinct grams sets most bits and is always let through.
 * A table of (conversation, gram) rows instead was 149 MB at 1M messages, twice the text index.
 */
export const GRAM_BITS = 4096;

const PRIME = 2_147_483_647;
const STEP = 1_000_003;

/**
 * The bit of a gram, from its three code points: a polynomial of them modulo a prime, then squared
 * in part (a polynomial alone put the 17,576 grams of a-z on 3,158 bits, this on 4,044 of 4,096).
 * Exact in doubles and in 64-bit integers; gramBitRows computes the same in SQL.
 */
export function gramBit(gram: string): number {
  const [a, b, c] = [...gram].map((ch) => ch.codePointAt(0) ?? 0);
  return bitOf(a, b, c);
}

function bitOf(a: number, b: number, c: number): number {
  const h = (((a * STEP + b) % PRIME) * STEP + c) % PRIME;
  return ((h * ((h % 65521) + 1)) % PRIME) % GRAM_BITS;
}

/** The bits of every gram of `text` (already lowered), into `into`. */
function addBitsOf(text: string, into: Set<number>): void {
  const cps = Array.from(text, (ch) => ch.codePointAt(0) ?? 0);
  for (let i = 0; i + 2 < cps.length; i++) into.add(bitOf(cps[i], cps[i + 1], cps[i + 2]));
}

/** The polynomial of gramBit of the gram at character `i` of the text `l`, in PostgreSQL (ascii() is the code point in UTF-8). */
function gramHashSql(l: RawBuilder<unknown>, i: RawBuilder<unknown>): RawBuilder<number> {
  const cp = (k: number) => sql`ascii(substr(${l}, ${i} + ${sql.lit(k)}, 1))::bigint`;
  return sql<number>`((((${cp(0)} * ${sql.lit(STEP)} + ${cp(1)}) % ${sql.lit(PRIME)}) * ${sql.lit(STEP)} + ${cp(2)}) % ${sql.lit(PRIME)})`;
}

/** The distinct (conv_key, bit) of every message of `source` (a table or transition table with conv_key and content), on PostgreSQL. */
function gramBitRows(source: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`select distinct x.conv_key, ((x.h * (x.h % 65521 + 1)) % ${sql.lit(PRIME)}) % ${sql.lit(GRAM_BITS)} as bit from (
    select t.conv_key, ${gramHashSql(sql.ref('t.l'), sql.ref('p.i'))} as h
    from (select conv_key, lower(content) as l from ${source}) t
    cross join lateral generate_series(1, char_length(t.l) - 2) as p(i)) x`;
}

/** PostgreSQL: sets the bits of the messages of `source`, in conv_key order; a row whose bits are all set already is not written (nor locked). */
export function addGramBitsPostgres(source: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`insert into conv_gram_bits as t (conv_key, bits)
    select n.conv_key, n.bits from (
      select conv_key, bit_or(set_bit(B'0'::bit(${sql.lit(GRAM_BITS)}), bit::int, 1)) as bits from (${gramBitRows(source)}) g group by conv_key
    ) n left join conv_gram_bits o on o.conv_key = n.conv_key
    where o.bits is null or (o.bits | n.bits) <> o.bits
    order by n.conv_key
    on conflict (conv_key) do update set bits = t.bits | excluded.bits`;
}

/**
 * SQLite: sets the bits of the messages with `from` < msg_id <= `to` (the search indexer's batch),
 * from the database's own lower(content); the bits are worked out here (in SQL it took 100 ms a batch).
 */
export async function addGramBitsSqlite(db: QueryExecutorProvider, from: number, to: number): Promise<void> {
  const { rows } = await sql<{ conv_key: string; l: string | null }>`
    select conv_key, lower(content) as l from messages where msg_id > ${from} and msg_id <= ${to}`.execute(db);
  const added = new Map<string, Set<number>>();
  for (const r of rows) {
    const bits = added.get(r.conv_key) ?? new Set<number>();
    added.set(r.conv_key, bits);
    addBitsOf(r.l ?? '', bits);
  }
  const keys = [...added.keys()];
  for (let at = 0; at < keys.length; at += 500) {
    const chunk = keys.slice(at, at + 500);
    const { rows: held } = await sql<{ conv_key: string; bits: Uint8Array }>`select conv_key, bits from conv_gram_bits where conv_key in (${sql.join(chunk)})`.execute(db);
    const had = new Map(held.map((r) => [r.conv_key, r.bits]));
    const changed: { conv_key: string; bits: Buffer }[] = [];
    for (const key of chunk) {
      const before = had.get(key);
      const bits = Buffer.alloc(GRAM_BITS / 8);
      if (before) bits.set(before);
      for (const bit of added.get(key) ?? []) bits[bit >> 3] |= 1 << (bit & 7);
      if (!before || !bits.equals(before)) changed.push({ conv_key: key, bits });
    }
    if (changed.length === 0) continue;
    await sql`insert into conv_gram_bits (conv_key, bits) values ${sql.join(changed.map((c) => sql`(${c.conv_key}, ${c.bits})`))}
      on conflict (conv_key) do update set bits = excluded.bits`.execute(db);
  }
}

/** The bits of a keyword of 3+ characters, as `lower(content) like` looks for it (see likeText). */
export function keywordBits(keywords: string): number[] {
  const bits = new Set<number>();
  addBitsOf(likeText(keywords), bits);
  return [...bits];
}

/** Whether a SQLite row's bits (null: none yet) hold every one of `bits`. */
export function holdsBits(row: Uint8Array | null, bits: number[]): boolean {
  return row !== null && bits.every((bit) => (row[bit >> 3] & (1 << (bit & 7))) !== 0);
}

/** PostgreSQL: `bits` as a bit(GRAM_BITS) mask literal ('0101…', bit 0 first as get_bit counts). */
export function bitMask(bits: number[]): string {
  const mask = new Array<string>(GRAM_BITS).fill('0');
  for (const bit of bits) mask[bit] = '1';
  return mask.join('');
}
