import { type Kysely, sql } from 'kysely';
import type { Dialect } from './helpers.ts';

/**
 * Full-text search on message content (issue 9): SQLite FTS5 with the trigram tokenizer (substrings
 * of 3+ characters, Chinese too, case-insensitive), kept in step with `messages` by triggers;
 * PostgreSQL a pg_trgm GIN index on lower(content), which serves the same `lower(content) LIKE`.
 * The pg_trgm extension itself is created by `openDatabase` (in `public`, shared by every schema).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE INDEX IF NOT EXISTS messages_content_trgm ON messages USING gin (lower(content) public.gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE messages_fts USING fts5(content, content='messages', content_rowid='msg_id', tokenize='trigram')`.execute(db);
  await sql`CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts(rowid, content) VALUES (new.msg_id, new.content);
  END`.execute(db);
  await sql`CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.msg_id, old.content);
  END`.execute(db);
  await sql`CREATE TRIGGER messages_fts_update AFTER UPDATE OF content ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.msg_id, old.content);
    INSERT INTO messages_fts(rowid, content) VALUES (new.msg_id, new.content);
  END`.execute(db);
  await sql`INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')`.execute(db);
}
