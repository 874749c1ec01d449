import { sql } from 'kysely';
import { addGramBitsPostgres, addGramBitsSqlite } from '../../db/convGrams.ts';
import type { Db, Dialect } from '../../db/index.ts';

/**
 * The search index is written in batches after the sends' commits. SQLite (018_search_backlog):
 * every message with msg_id <= `indexedUpTo` is in `messages_fts` and `conv_gram_bits`, the newer
 * ones are not yet. PostgreSQL: its trigram index is written in the insert, the gram bits of the
 * messages queued in gram_pending in batches (019_conv_gram_bits). Search reads the messages not
 * done yet directly, so its answers are complete at once.
 */

/** The msg_id up to which every message is in the full-text index. */
export async function indexedUpTo(db: Db): Promise<number> {
  const { rows } = await sql<{ upto: number }>`select indexed_upto as upto from search_progress where id = 1`.execute(db);
  return Number(rows[0]?.upto ?? 0);
}

/** Indexes the oldest `max` messages not yet indexed, in one transaction; answers how many. */
export async function indexBacklog(db: Db, max: number, dialect: Dialect = 'sqlite'): Promise<number> {
  if (dialect === 'postgres') return db.transaction().execute((trx) => addGramBitsPostgres(trx, max));
  return db.transaction().execute(async (trx) => {
    const from = await indexedUpTo(trx);
    const { rows } = await sql<{ n: number; top: number | null }>`
      select count(*) as n, max(msg_id) as top from (select msg_id from messages where msg_id > ${from} order by msg_id limit ${max})`.execute(trx);
    const top = rows[0]?.top;
    if (top === null || top === undefined) return 0;
    await sql`insert into messages_fts(rowid, content) select msg_id, content from messages where msg_id > ${from} and msg_id <= ${top}`.execute(trx);
    await addGramBitsSqlite(trx, from, top);
    await sql`update search_progress set indexed_upto = ${top} where id = 1`.execute(trx);
    return Number(rows[0].n);
  });
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
 * The background indexer: every `intervalMs` it indexes the backlog, a batch at a
 * time with a turn of the event loop between batches; `intervalMs` 0 leaves the backlog alone
 * (tests of the not-yet-indexed messages).
 */
export function searchIndexer(db: Db, dialect: Dialect, intervalMs: number, onError: (err: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  async function drain(): Promise<void> {
    while (!stopped && (await indexBacklog(db, BATCH, dialect)) === BATCH) await new Promise((r) => setImmediate(r));
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
