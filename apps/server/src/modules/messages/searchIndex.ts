import { CompiledQuery, sql } from 'kysely';
import { addGramBitsPostgres, addGramBitsSqlite } from '../../db/convGrams.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { TEXT_INDEX_SQL } from '../../db/searchFile.ts';

/**
 * The search index is written in batches after the sends' commits. SQLite: every message with
 * msg_id <= `indexedUpTo` is in the text index (`search.messages_fts`, its own file, written by a
 * worker thread: db/searchFile.ts, textIndexer.ts) and in `conv_gram_bits` (written here, on the
 * event loop: a few OR-ed bits per chat); the newer ones are not yet in both. PostgreSQL: its
 * trigram index is written in the insert, the gram bits of the messages queued in gram_pending in
 * batches (019_conv_gram_bits). Search reads the messages not done yet directly, so its answers are
 * complete at once.
 */

/** The msg_id up to which every message is in the text index and the gram bits (SQLite). */
export async function indexedUpTo(db: Db): Promise<number> {
  const { rows } = await sql<{ upto: number }>`select min(p.indexed_upto, t.indexed_upto) as upto from main.search_progress p, search.text_progress t
    where p.id = 1 and t.id = 1`.execute(db);
  return Number(rows[0]?.upto ?? 0);
}

/** Whether the text index lacks messages (SQLite). */
export async function textIndexBehind(db: Db): Promise<boolean> {
  const { rows } = await sql<{ behind: number }>`select exists (select 1 from messages where msg_id > (select indexed_upto from search.text_progress where id = 1)) as behind`.execute(db);
  return Boolean(rows[0]?.behind);
}

/** Rows of a statement given as SQL text. */
const rowsOf = async <R>(db: Db, sqlText: string, parameters: unknown[] = []) => (await db.executeQuery<R>(CompiledQuery.raw(sqlText, parameters))).rows;

/** The size and last msg_id of the next `max` messages after `from` (top null: none). */
async function batchAfter(db: Db, from: number, max: number): Promise<{ n: number; top: number | null }> {
  return (await rowsOf<{ n: number; top: number | null }>(db, TEXT_INDEX_SQL.batch, [from, max]))[0] ?? { n: 0, top: null };
}

/** The gram bits of the oldest `max` messages not yet done, in one transaction; answers how many. */
async function gramBitsBacklog(db: Db, max: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows: done } = await sql<{ upto: number }>`select indexed_upto as upto from main.search_progress where id = 1`.execute(trx);
    const from = Number(done[0]?.upto ?? 0);
    const { n, top } = await batchAfter(trx, from, max);
    if (top === null) return 0;
    await addGramBitsSqlite(trx, from, top);
    await sql`update main.search_progress set indexed_upto = ${top} where id = 1`.execute(trx);
    return Number(n);
  });
}

/** The text index of the oldest `max` messages not yet in it, in one transaction (the worker's batch, run here); answers how many. */
async function textBacklog(db: Db, max: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await rowsOf(trx, TEXT_INDEX_SQL.claim);
    const from = Number((await rowsOf<{ upto: number }>(trx, TEXT_INDEX_SQL.upto))[0]?.upto ?? 0);
    const { n, top } = await batchAfter(trx, from, max);
    if (top === null) return 0;
    await rowsOf(trx, TEXT_INDEX_SQL.insert, [from, top]);
    await rowsOf(trx, TEXT_INDEX_SQL.advance, [top]);
    return Number(n);
  });
}

/**
 * Indexes the oldest `max` messages not yet indexed, gram bits and text (a seed before it is served,
 * tests; a running server leaves the text to its worker); answers how many the larger batch held.
 */
export async function indexBacklog(db: Db, max: number, dialect: Dialect = 'sqlite'): Promise<number> {
  if (dialect === 'postgres') return db.transaction().execute((trx) => addGramBitsPostgres(trx, max));
  return Math.max(await gramBitsBacklog(db, max), await textBacklog(db, max));
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
 * The background indexer: every `intervalMs` it indexes the backlog, a batch at a time with a turn
 * of the event loop between batches (on SQLite the gram bits; the text index is the worker's); `intervalMs`
 * 0 leaves the backlog alone (tests of the not-yet-indexed messages).
 */
export function searchIndexer(db: Db, dialect: Dialect, intervalMs: number, onError: (err: unknown) => void, onNewMessages?: () => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  // SQLite: the gram bits only, the text index is its worker's (textIndexer.ts)
  const step = async () => {
    const done = dialect === 'postgres' ? await indexBacklog(db, BATCH, dialect) : await gramBitsBacklog(db, BATCH);
    if (done > 0) onNewMessages?.();
    return done;
  };
  async function drain(): Promise<void> {
    while (!stopped && (await step()) === BATCH) await new Promise((r) => setImmediate(r));
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
