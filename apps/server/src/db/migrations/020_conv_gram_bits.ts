import { type Kysely, sql } from 'kysely';
import { addGramBitsPostgres, addGramBitsSqlite, GRAM_BITS } from '../convGrams.ts';
import type { Dialect } from './helpers.ts';

/**
 * The gram bits of each conversation (db/convGrams.ts), so that a search reads only the chats that
 * can hold its keyword. SQLite: set by the search indexer in the same batch as `messages_fts`, so
 * every message up to `search_progress.indexed_upto` has its bits. PostgreSQL: set in each insert's
 * statement by a trigger (its msg_ids commit out of order, so a batch behind the inserts could skip
 * one). A message's content is only ever changed by clearing it (recall), which needs no new bits.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE TABLE conv_gram_bits (conv_key text PRIMARY KEY, bits bit(${sql.lit(GRAM_BITS)}) NOT NULL)`.execute(db);
    await sql`CREATE FUNCTION conv_gram_bits_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${addGramBitsPostgres(sql`added`)};
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER messages_conv_gram_bits AFTER INSERT ON messages REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION conv_gram_bits_add()`.execute(db);
    await sql`${addGramBitsPostgres(sql`messages`)}`.execute(db);
    return;
  }
  await sql`CREATE TABLE conv_gram_bits (conv_key text PRIMARY KEY, bits blob NOT NULL) WITHOUT ROWID`.execute(db);
  const { rows } = await sql<{ top: number | null }>`SELECT indexed_upto AS top FROM search_progress WHERE id = 1`.execute(db);
  const top = Number(rows[0]?.top ?? 0);
  for (let from = 0; from < top; from += 50_000) await addGramBitsSqlite(db, from, Math.min(top, from + 50_000));
}
