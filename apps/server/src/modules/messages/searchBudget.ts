import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { fail } from '../../domainError.ts';

/** PostgreSQL's error code for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/**
 * Runs a search's statements so that one search cannot hold a pooled PostgreSQL connection for
 * long: in one read-only transaction whose statements stop after `timeoutMs`, and a search that
 * reaches it is refused (messages.searchTooLong) rather than answered in part, since a part would
 * silently miss older matches. SQLite's statements run as they are (see the search's own bounds).
 */
export async function withinSearchBudget<T>(db: Db, dialect: Dialect, timeoutMs: number, search: (db: Db) => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return search(db);
  try {
    return await db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(trx);
        return search(trx);
      });
  } catch (err) {
    if ((err as { code?: unknown }).code === QUERY_CANCELED) throw fail('messages.searchTooLong');
    throw err;
  }
}
