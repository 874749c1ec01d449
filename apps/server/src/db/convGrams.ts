import { type QueryExecutorProvider, sql } from 'kysely';
import { likeText } from './like.ts';

/**
 * `conv_gram_bits` (019_conv_gram_bits; on SQLite in the search file since 022_gram_bits_in_search_file):
 * one row of GRAM_BITS bits per conversation, a bit set for
 * every 3-character substring (gram) of its messages' `lower(content)`, the text every keyword search
 * matches with `lower(content) like`. A search keeps only my chats with every bit of its keyword's
 * grams set before it reads any message. Bits are added, never cleared (a recalled or deleted
 * message leaves its bits), and grams share bits: the set is a superset, so it can let a chat through
 * but never hide a match. A chat with many distinct grams sets most bits and is always let through.
 * A table of (conversation, gram) rows instead was 149 MB at 1M messages, twice the text index.
 */
export const GRAM_BITS = 4096;

/**
 * The bit of a gram, from its three code points: a polynomial of them modulo a prime, then squared
 * in part (a polynomial alone put the 17,576 grams of a-z on 3,158 bits, this on 4,044 of 4,096).
 * Exact in doubles (no product reaches 2^53).
 */
export function gramBit(gram: string): number {
  let bit = -1;
  forEachGramBit(gram, (b) => {
    bit = b;
  });
  return bit;
}

/**
 * Calls `onBit` with the bit of every gram of `text` (already lowered). SQLite's search indexer
 * runs in a worker thread from its source text (db/searchFile.ts), so it names nothing outside
 * itself: the prime (2^31 - 1), the step (1,000,003) and GRAM_BITS are written out.
 */
export function forEachGramBit(text: string, onBit: (bit: number) => void): void {
  const cps = Array.from(text, (ch) => ch.codePointAt(0) ?? 0);
  for (let i = 0; i + 2 < cps.length; i++) {
    const h = (((cps[i] * 1_000_003 + cps[i + 1]) % 2_147_483_647) * 1_000_003 + cps[i + 2]) % 2_147_483_647;
    onBit(((h * ((h % 65_521) + 1)) % 2_147_483_647) % 4096);
  }
}

/** The bits of every gram of `text` (already lowered), into `into`. */
function addBitsOf(text: string, into: Set<number>): void {
  forEachGramBit(text, (bit) => into.add(bit));
}

/** The bits of each conversation's messages (`l`: the database's own lower(content)). */
function bitsByChat(rows: { conv_key: string; l: string | null }[]): Map<string, Set<number>> {
  const added = new Map<string, Set<number>>();
  for (const r of rows) {
    const bits = added.get(r.conv_key) ?? new Set<number>();
    added.set(r.conv_key, bits);
    addBitsOf(r.l ?? '', bits);
  }
  return added;
}

/**
 * PostgreSQL: sets the bits of the oldest `max` messages waiting in gram_pending and takes them off
 * it, in one transaction; answers how many. Rows another server is taking are skipped, and rows are
 * written in conv_key order, so that two servers never wait on each other in turn.
 */
export async function addGramBitsPostgres(db: QueryExecutorProvider, max: number): Promise<number> {
  const { rows: taken } = await sql<{ msg_id: number }>`delete from gram_pending
    where msg_id in (select msg_id from gram_pending order by msg_id limit ${max} for update skip locked) returning msg_id`.execute(db);
  if (taken.length === 0) return 0;
  const { rows } = await sql<{ conv_key: string; l: string | null }>`
    select conv_key, lower(content) as l from messages where msg_id = any(${taken.map((r) => Number(r.msg_id))})`.execute(db);
  const added = [...bitsByChat(rows)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const mask = (bits: Set<number>) => sql`cast(${bitMask([...bits])} as bit(${sql.lit(GRAM_BITS)}))`;
  for (let at = 0; at < added.length; at += 200) {
    await sql`insert into conv_gram_bits as t (conv_key, bits) values ${sql.join(added.slice(at, at + 200).map(([key, bits]) => sql`(${key}, ${mask(bits)})`))}
      on conflict (conv_key) do update set bits = t.bits | excluded.bits where (t.bits | excluded.bits) <> t.bits`.execute(db);
  }
  return taken.length;
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
