import { type Kysely, sql } from 'kysely';
import type { Dialect } from './helpers.ts';

/**
 * SQLite: the full-text index keeps which messages hold each trigram, not where (`detail=none`).
 * Search asks for every trigram of the keyword (messages/textSearch.ts) and checks the text itself
 * with LIKE, so positions were never needed; without them the index is a third of the size (22 MB
 * instead of 63 at 1M messages), and the segment merges that FTS5 runs inside the indexer's writes,
 * which held the event loop up to 115 ms at 1M messages, stay under 25 ms. The index is rebuilt here
 * up to where the old one reached (about 4 s per million messages on a 2-core VM).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return;
  await sql`DROP TRIGGER messages_fts_delete`.execute(db);
  await sql`DROP TRIGGER messages_fts_update`.execute(db);
  await sql`DROP TABLE messages_fts`.execute(db);
  await sql`CREATE VIRTUAL TABLE messages_fts USING fts5(content, content='messages', content_rowid='msg_id', tokenize='trigram', detail=none)`.execute(db);
  await sql`INSERT INTO messages_fts(rowid, content)
    SELECT msg_id, content FROM messages WHERE msg_id <= (SELECT indexed_upto FROM search_progress WHERE id = 1)`.execute(db);
  // as 018_search_backlog made them
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
