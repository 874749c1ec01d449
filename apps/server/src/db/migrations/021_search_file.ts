import { type Kysely, sql } from 'kysely';
import type { Dialect } from './helpers.ts';

/**
 * SQLite: the text-search index moves to a file of its own, written by a worker thread
 * (db/searchFile.ts). The one in the database's file goes, with the triggers that kept it in step
 * with a recall (search checks each candidate's text in `messages`, so the new index is only added
 * to). The worker indexes every message into the new file, as it would after a restore; search
 * reads the messages it has not done yet directly meanwhile.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return;
  await sql`DROP TRIGGER IF EXISTS main.messages_fts_delete`.execute(db);
  await sql`DROP TRIGGER IF EXISTS main.messages_fts_update`.execute(db);
  await sql`DROP TABLE IF EXISTS main.messages_fts`.execute(db);
}
