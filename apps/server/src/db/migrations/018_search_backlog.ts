import { type Kysely, sql } from 'kysely';
import type { Dialect } from './helpers.ts';

/**
 * SQLite: new messages are indexed for search in batches after their commit instead of by a trigger
 * inside it (the trigram index was most of the cost of a send's commit). `search_progress.indexed_upto`
 * is the msg_id up to which every message is in `messages_fts`; search reads the few newer ones
 * directly (messages/searchIndex.ts). A message's recall or removal still updates the index at once
 * when it is indexed, and leaves it alone when it is not (the batch will read what it holds then).
 * PostgreSQL's GIN index keeps its own pending list and is left as it is.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return;
  await sql`CREATE TABLE search_progress (id integer PRIMARY KEY CHECK (id = 1), indexed_upto integer NOT NULL)`.execute(db);
  // every message so far went through the insert trigger
  await sql`INSERT INTO search_progress (id, indexed_upto) SELECT 1, coalesce(max(msg_id), 0) FROM messages`.execute(db);
  await sql`DROP TRIGGER messages_fts_insert`.execute(db);
  await sql`DROP TRIGGER messages_fts_delete`.execute(db);
  await sql`DROP TRIGGER messages_fts_update`.execute(db);
  await sql`CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages
    WHEN old.msg_id <= (SELECT indexed_upto FROM search_progress WHERE id = 1) BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.msg_id, old.content);
  END`.execute(db);
  await sql`CREATE TRIGGER messages_fts_update AFTER UPDATE OF content ON messages
    WHEN old.msg_id <= (SELECT indexed_upto FROM search_progress WHERE id = 1) BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.msg_id, old.content);
    INSERT INTO messages_fts(rowid, content) VALUES (new.msg_id, new.content);
  END`.execute(db);
}
