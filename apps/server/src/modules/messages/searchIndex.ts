import { sql } from 'kysely';
import { addGramBitsPostgres, forEachGramBit, GRAM_BITS } from '../../db/convGrams.ts';
import { directFile } from '../../db/direct.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { indexSearchBatch, SEARCH_INDEX_SQL } from '../../db/searchFile.ts';

/**
 * The search index is written in batches after the sends' commits. SQLite: every message with
 * msg_id <= `indexedUpTo` is in the text index and the gram bits of the search file, which a worker
 * thread writes (db/searchFile.ts, textIndexer.ts); the newer ones are not yet. PostgreSQL: its
 * trigram index is written in the insert, the gram bits of the messages queued in gram_pending in
 * batches (019_conv_gram_bits), on the event loop. Search reads the messages not done yet directly,
 * so its answers are complete at once.
 */

/** The msg_id up to which every message is in the search file (SQLite). */
export async function indexedUpTo(db: Db): Promise<number> {
  const { rows } = await sql<{ upto: number }>`select indexed_upto as upto from search.text_progress where id = 1`.execute(db);
  return Number(rows[0]?.upto ?? 0);
}

/** Whether the search file lacks messages (SQLite). */
export async function textIndexBehind(db: Db): Promise<boolean> {
  const { rows } = await sql<{ behind: number }>`select exists (select 1 from messages where msg_id > (select indexed_upto from search.text_progress where id = 1)) as behind`.execute(db);
  return Boolean(rows[0]?.behind);
}

/**
 * Indexes the oldest `max` messages not yet indexed, in one transaction (a seed before it is served,
 * tests; a running server leaves SQLite's index to its worker); answers how many.
 */
export async function indexBacklog(db: Db, max: number, dialect: Dialect = 'sqlite'): Promise<number> {
  if (dialect === 'postgres') return db.transaction().execute((trx) => addGramBitsPostgres(trx, max));
  const file = directFile(db);
  if (!file) throw new Error('the SQLite index is written on the database file itself');
  // through Kysely's one connection, so that no transaction of its own is open on the file meanwhile
  return db.connection().execute(async () => indexSearchBatch(file, SEARCH_INDEX_SQL, max, forEachGramBit, GRAM_BITS / 8));
}

/** Indexes every message not yet indexed (a seeded database before it is served). */
export async function indexAll(db: Db, dialect: Dialect = 'sqlite', batch = 50_000): Promise<void> {
  while ((await indexBacklog(db, batch, dialect)) > 0);
}

/**
 * The chats of the messages the indexer has not done yet (SQLite: above indexed_upto; PostgreSQL:
 * in gram_pending), whose gram bits may lack them: search lets these chats through.
 */
export async function chatsNotIndexed(db: Db, dialect: Dialect): Promise<Set<string>> {
  // each looked up by msg_id: SQLite read a distinct list off the whole (conv_key, msg_id) index, and
  // PostgreSQL, its statistics of gram_pending those of a million rows queued at once, hashed all messages
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ conv_key: string | null }>`select (select m.conv_key from messages m where m.msg_id = p.msg_id) as conv_key from gram_pending p`.execute(db)
      : await sql<{ conv_key: string }>`select conv_key from messages where msg_id > ${await indexedUpTo(db)} order by msg_id`.execute(db);
  return new Set(rows.flatMap((r) => (r.conv_key === null ? [] : [r.conv_key])));
}

/** Messages one batch indexes: a few milliseconds of the event loop. */
const BATCH = 500;

/**
 * PostgreSQL's gram-bits indexer: every `intervalMs` it takes the queued messages, a batch at a time
 * with a turn of the event loop between batches; `intervalMs` 0 leaves the queue alone (tests of the
 * not-yet-indexed messages).
 */
export function gramBitsIndexer(db: Db, intervalMs: number, onError: (err: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  async function drain(): Promise<void> {
    while (!stopped && (await indexBacklog(db, BATCH, 'postgres')) === BATCH) await new Promise((r) => setImmediate(r));
  }
  function tick() {
    if (running) return;
    running = drain()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }
  return {
    start() {
      if (intervalMs > 0 && !timer) timer = setInterval(tick, intervalMs).unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
