import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';

/**
 * SQLite: the search index lives in a file of its own beside the database, attached to every
 * connection as `search`, and only a worker thread writes it (modules/messages/textIndexer.ts): the
 * text index (FTS5, trigrams) and each conversation's gram bits (db/convGrams.ts). FTS5 merges its
 * segments inside the writes that index new messages; at a million messages one merge took 80-100 ms,
 * and in the database's own file it held the event loop and the messages' single writer that long.
 * SQLite locks each file apart, so the worker's merges block neither. The index keeps rowids only
 * (`content=''`, `detail=none`): search checks each candidate's text in `messages`
 * (messages/textSearch.ts), so a recalled message's old trigrams there are harmless and the index is
 * never updated, only added to. The gram bits are only added to as well.
 */
export function sqliteFiles(dataDir: string): { main: string; search: string } {
  return { main: path.join(dataDir, 'parley.sqlite'), search: path.join(dataDir, 'parley-search.sqlite') };
}

/** The search file's tables: the text index, the gram bits, and the msg_id up to which every message is in both. */
const SEARCH_SCHEMA = `
  CREATE VIRTUAL TABLE IF NOT EXISTS search.messages_fts USING fts5(content, content='', tokenize='trigram', detail=none);
  CREATE TABLE IF NOT EXISTS search.conv_gram_bits (conv_key text PRIMARY KEY, bits blob NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS search.text_progress (id integer PRIMARY KEY CHECK (id = 1), indexed_upto integer NOT NULL);
  INSERT OR IGNORE INTO search.text_progress (id, indexed_upto) VALUES (1, 0);`;

/** Attaches the search file to `file` as `search` (made when missing: the worker then indexes every message). */
export function attachSearchFile(file: SqliteDatabase.Database, searchFile: string): void {
  file.prepare('ATTACH DATABASE ? AS search').run(searchFile);
  file.pragma('search.journal_mode = WAL');
  file.pragma('search.synchronous = NORMAL');
  // as large a page cache as the connection's own file has
  file.pragma(`search.cache_size = ${Number(file.pragma('cache_size', { simple: true }))}`);
  file.exec(SEARCH_SCHEMA);
}

/**
 * The statements of one batch of the search index (`indexSearchBatch`). `claim` comes first: it
 * takes the search file's write lock before `upto` is read, so that two connections indexing at
 * once (a test's or a seed's beside the worker) wait for each other instead of one failing to write
 * on a stale read. `batch(from, limit)` is the batch's size and last msg_id (null: nothing to do).
 */
export const SEARCH_INDEX_SQL = {
  claim: 'UPDATE search.text_progress SET indexed_upto = indexed_upto WHERE id = 1',
  upto: 'SELECT indexed_upto AS upto FROM search.text_progress WHERE id = 1',
  batch: 'SELECT count(*) AS n, max(msg_id) AS top FROM (SELECT msg_id FROM messages WHERE msg_id > ? ORDER BY msg_id LIMIT ?)',
  insert: 'INSERT INTO search.messages_fts (rowid, content) SELECT msg_id, content FROM messages WHERE msg_id > ? AND msg_id <= ?',
  texts: 'SELECT conv_key, lower(content) AS l FROM messages WHERE msg_id > ? AND msg_id <= ?',
  bitsOf: 'SELECT bits FROM search.conv_gram_bits WHERE conv_key = ?',
  putBits: 'INSERT INTO search.conv_gram_bits (conv_key, bits) VALUES (?, ?) ON CONFLICT (conv_key) DO UPDATE SET bits = excluded.bits',
  advance: 'UPDATE search.text_progress SET indexed_upto = ? WHERE id = 1',
} as const;

/**
 * One batch of the search index: the messages after the search file's progress, at most `limit`,
 * into its text index and its gram bits, in one transaction on `file`; answers how many. The text
 * indexer's worker runs it from its source text, so it names nothing outside itself:
 * `forEachGramBit` (db/convGrams.ts) and the bits' size in bytes come in as arguments.
 */
export function indexSearchBatch(
  file: SqliteDatabase.Database,
  statements: typeof SEARCH_INDEX_SQL,
  limit: number,
  forEachGramBit: (text: string, onBit: (bit: number) => void) => void,
  bitsBytes: number,
): number {
  const run = file.transaction(() => {
    file.prepare(statements.claim).run();
    const { upto: from } = file.prepare(statements.upto).get() as { upto: number };
    const { n, top } = file.prepare(statements.batch).get(from, limit) as { n: number; top: number | null };
    if (top === null) return 0;
    file.prepare(statements.insert).run(from, top);
    const added = new Map<string, Uint8Array>();
    for (const row of file.prepare(statements.texts).iterate(from, top) as Iterable<{ conv_key: string; l: string | null }>) {
      const bits = added.get(row.conv_key) ?? new Uint8Array(bitsBytes);
      added.set(row.conv_key, bits);
      forEachGramBit(row.l ?? '', (bit) => {
        bits[bit >> 3] |= 1 << (bit & 7);
      });
    }
    const held = file.prepare(statements.bitsOf);
    const put = file.prepare(statements.putBits);
    for (const [key, bits] of added) {
      const before = (held.get(key) as { bits: Uint8Array } | undefined)?.bits;
      let grew = !before;
      for (let i = 0; before && i < bitsBytes; i++) {
        if ((bits[i] | before[i]) !== before[i]) grew = true;
        bits[i] |= before[i];
      }
      if (grew) put.run(key, bits);
    }
    file.prepare(statements.advance).run(top);
    return n;
  });
  return run();
}

/** Empties the search index: the worker then indexes every message anew. */
export const RESET_SEARCH_FILE = [
  "INSERT INTO search.messages_fts (messages_fts) VALUES ('delete-all')",
  'DELETE FROM search.conv_gram_bits',
  'UPDATE search.text_progress SET indexed_upto = 0 WHERE id = 1',
];

/**
 * A search file ahead of its database (the database restored from a backup older than the index,
 * whose next msg_ids the index would take for done): the index starts over.
 */
export function resetStaleSearchFile(file: SqliteDatabase.Database): void {
  const { upto } = file.prepare(SEARCH_INDEX_SQL.upto).get() as { upto: number };
  const { newest } = file.prepare('SELECT coalesce(max(msg_id), 0) AS newest FROM messages').get() as { newest: number };
  if (upto <= newest) return;
  for (const statement of RESET_SEARCH_FILE) file.exec(statement);
}
