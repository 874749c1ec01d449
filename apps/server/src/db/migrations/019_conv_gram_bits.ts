import { type Kysely, sql } from 'kysely';
import { addGramBitsPostgres, GRAM_BITS } from '../convGrams.ts';
import type { Dialect } from './helpers.ts';

/**
 * The gram bits of each conversation (db/convGrams.ts), so that a search reads only the chats that
 * can hold its keyword. They are set in batches after the sends' commits by the search indexer
 * (messages/searchIndex.ts), which works them out in JS; search reads the chats of the messages not
 * done yet as chats that can match.
 * - SQLite: since 022_gram_bits_in_search_file, in the search file with its text index (this table
 *   is dropped there, and the bits made anew).
 * - PostgreSQL: an insert trigger queues each new msg_id in `gram_pending`, committed with its message
 *   (msg_ids commit out of order, so a high-water mark could skip one), and the indexer takes them off.
 * A message's content is only ever changed by clearing it (recall), which needs no new bits.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE TABLE conv_gram_bits (conv_key text PRIMARY KEY, bits bit(${sql.lit(GRAM_BITS)}) NOT NULL)`.execute(db);
    await sql`CREATE TABLE gram_pending (msg_id bigint PRIMARY KEY)`.execute(db);
    await sql`CREATE FUNCTION gram_pending_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO gram_pending (msg_id) SELECT msg_id FROM added;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER messages_gram_pending AFTER INSERT ON messages REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION gram_pending_add()`.execute(db);
    // every message so far, now: search would otherwise look up each queued message's chat
    await sql`INSERT INTO gram_pending (msg_id) SELECT msg_id FROM messages`.execute(db);
    while ((await addGramBitsPostgres(db, 50_000)) > 0);
    return;
  }
  await sql`CREATE TABLE conv_gram_bits (conv_key text PRIMARY KEY, bits blob NOT NULL) WITHOUT ROWID`.execute(db);
}
