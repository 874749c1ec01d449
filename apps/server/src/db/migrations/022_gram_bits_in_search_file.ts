import { type Kysely, sql } from 'kysely';
import { RESET_SEARCH_FILE } from '../searchFile.ts';
import type { Dialect } from './helpers.ts';

/**
 * SQLite: the gram bits move to the search file, which the text indexer's worker writes with the
 * text index in one batch (db/searchFile.ts): working them out and rewriting a row per chat had cost
 * the event loop about 6% of its time under the private-chat load. The ones in the database's file
 * go, with their progress; the search file starts over, and the worker makes both anew (search
 * reads the messages it has not done yet directly meanwhile).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return;
  await sql`DROP TABLE IF EXISTS main.conv_gram_bits`.execute(db);
  await sql`DROP TABLE IF EXISTS main.search_progress`.execute(db);
  for (const statement of RESET_SEARCH_FILE) await sql.raw(statement).execute(db);
}
