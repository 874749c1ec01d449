import { type QueryExecutorProvider, sql } from 'kysely';
import { likeText } from './like.ts';

/**
 * `conv_gram_bits` (019_conv_gram_bits): one row of GRAM_BITS bits per conversation, a bit set for
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
 * Exact in doubles (no product reaches 2^53).
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

/** SQLite: sets the bits of the messages with `from` < msg_id <= `to` (the search indexer's batch). */
export async function addGramBitsSqlite(db: QueryExecutorProvider, from: number, to: number): Promise<void> {
  const { rows } = await sql<{ conv_key: string; l: string | null }>`
    select conv_key, lower(content) as l from messages where msg_id > ${from} and msg_id <= ${to}`.execute(db);
  const added = bitsByChat(rows);
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
