import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';

/**
 * SQLite: the text-search index (FTS5, trigrams) lives in a file of its own beside the database,
 * attached to every connection as `search`, and only a worker thread writes it
 * (modules/messages/textIndexer.ts). FTS5 merges its segments inside the writes that index new
 * messages; at a million messages one merge took 80-100 ms, and in the database's own file it held
 * the event loop and the messages' single writer that long. SQLite locks each file apart, so the
 * worker's merges block neither. The index keeps rowids only (`content=''`, `detail=none`): search
 * checks each candidate's text in `messages` (messages/textSearch.ts), so a recalled message's old
 * trigrams there are harmless and the index is never updated, only added to.
 */
export function sqliteFiles(dataDir: string): { main: string; search: string } {
  return { main: path.join(dataDir, 'parley.sqlite'), search: path.join(dataDir, 'parley-search.sqlite') };
}

/** The search file's tables: the index, and the msg_id up to which every message is in it. */
const SEARCH_SCHEMA = `
  CREATE VIRTUAL TABLE IF NOT EXISTS search.messages_fts USING fts5(content, content='', tokenize='trigram', detail=none);
  CREATE TABLE IF NOT EXISTS search.text_progress (id integer PRIMARY KEY CHECK (id = 1), indexed_upto integer NOT NULL);
  INSERT OR IGNORE INTO search.text_progress (id, indexed_upto) VALUES (1, 0);`;

/** Attaches the search file to `file` as `search` (made when missing: the worker then indexes every message). */
export function attachSearchFile(file: SqliteDatabase.Database, searchFile: string): void {
  file.prepare('ATTACH DATABASE ? AS search').run(searchFile);
  file.pragma('search.journal_mode = WAL');
  file.pragma('search.synchronous = NORMAL');
  file.exec(SEARCH_SCHEMA);
}

/**
 * One batch of the text index: the messages after `indexed_upto`, at most `limit`, in one
 * transaction of the caller's (the worker's, or a seed's before it is served).
 * `batch(from, limit)` is the batch's size and last msg_id (null: nothing to do; the gram bits'
 * batches are cut the same way, messages/searchIndex.ts). `claim` comes
 * first: it takes the search file's write lock before `upto` is read, so that two connections
 * indexing at once (a test's or a seed's beside the worker) wait for each other instead of one
 * failing to write on a stale read.
 */
export const TEXT_INDEX_SQL = {
  claim: 'UPDATE search.text_progress SET indexed_upto = indexed_upto WHERE id = 1',
  upto: 'SELECT indexed_upto AS upto FROM search.text_progress WHERE id = 1',
  batch: 'SELECT count(*) AS n, max(msg_id) AS top FROM (SELECT msg_id FROM messages WHERE msg_id > ? ORDER BY msg_id LIMIT ?)',
  insert: 'INSERT INTO search.messages_fts (rowid, content) SELECT msg_id, content FROM messages WHERE msg_id > ? AND msg_id <= ?',
  advance: 'UPDATE search.text_progress SET indexed_upto = ? WHERE id = 1',
} as const;

/**
 * A search file ahead of its database (the database restored from a backup older than the index,
 * whose next msg_ids the index would take for done): the index starts over.
 */
export function resetStaleSearchFile(file: SqliteDatabase.Database): void {
  const { upto } = file.prepare(TEXT_INDEX_SQL.upto).get() as { upto: number };
  const { newest } = file.prepare('SELECT coalesce(max(msg_id), 0) AS newest FROM messages').get() as { newest: number };
  if (upto <= newest) return;
  file.exec("INSERT INTO search.messages_fts (messages_fts) VALUES ('delete-all'); UPDATE search.text_progress SET indexed_upto = 0 WHERE id = 1;");
}
