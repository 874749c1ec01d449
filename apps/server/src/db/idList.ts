import { PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db, Dialect } from './index.ts';

/**
 * `column` is one of `ids`, bound as one parameter however many they are. PostgreSQL plans an IN
 * list of N parameters anew for every N (a search's 520 msg_ids: 3 ms of planning, and a hash join
 * that read the whole users table for 520 senders); `= any(array)` is one prepared statement, read
 * id by id. SQLite binds no arrays: the ids go as one JSON text.
 */
export function idIn(dialect: Dialect, column: string, ids: readonly number[]): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::bigint[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** The dialect of a connection (the db or a transaction), for helpers that are handed only that. */
export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
