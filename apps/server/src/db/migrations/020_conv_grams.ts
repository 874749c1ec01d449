import { type Kysely, sql } from 'kysely';
import { addConvGrams, gramRows } from '../convGrams.ts';
import type { Dialect } from './helpers.ts';

/**
 * The grams of each conversation (db/convGrams.ts), so that a search reads only the chats that can
 * hold its keyword. SQLite: written by the search indexer in the same batch as `messages_fts`, so
 * every message up to `search_progress.indexed_upto` has its grams. PostgreSQL: written in each
 * insert's statement by a trigger (its msg_ids commit out of order, so a batch behind the inserts
 * could skip one), in a fixed order so that two sends adding the same new grams cannot deadlock.
 * A message's content is only ever changed by clearing it (recall), which needs no new grams.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE TABLE conv_grams (conv_key text NOT NULL, gram text NOT NULL, PRIMARY KEY (conv_key, gram))`.execute(db);
    await sql`CREATE FUNCTION conv_grams_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO conv_grams (conv_key, gram) ${gramRows('postgres', sql`added`, 0)} ORDER BY 1, 2 ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER messages_conv_grams AFTER INSERT ON messages REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION conv_grams_add()`.execute(db);
    await sql`INSERT INTO conv_grams (conv_key, gram) ${gramRows('postgres', sql`messages`, 0)} ON CONFLICT DO NOTHING`.execute(db);
    return;
  }
  await sql`CREATE TABLE conv_grams (conv_key text NOT NULL, gram text NOT NULL, PRIMARY KEY (conv_key, gram)) WITHOUT ROWID`.execute(db);
  const { rows } = await sql<{ top: number | null }>`SELECT indexed_upto AS top FROM search_progress WHERE id = 1`.execute(db);
  const top = Number(rows[0]?.top ?? 0);
  for (let from = 0; from < top; from += 50_000) await addConvGrams(db, from, Math.min(top, from + 50_000));
}
