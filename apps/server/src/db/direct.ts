import type SqliteDatabase from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';
import type { Db } from './index.ts';

/**
 * Hot statements on SQLite, run on the file at once rather than through Kysely's executor. better-sqlite3
 * runs a statement synchronously, but each Kysely query still goes through a connection provider, a
 * mutex and several awaits: on the private-chat load that machinery allocated more than the queries
 * (a sixth of everything allocated per message) and its garbage cost CPU of its own.
 *
 * Running at once is what Kysely would do, with one exception this guards: a transaction of another
 * caller open on the file (Kysely holds the connection across its awaits). A statement outside that
 * transaction then waits its turn through Kysely, as before; inside it (`db` is the transaction), it runs.
 */
export interface DirectFile {
  file: SqliteDatabase.Database;
  /** the statement cache Kysely's dialect uses too (timed the same way) */
  prepare(sqlText: string): SqliteStatement;
}

/** One per database, found by its dialect adapter (a transaction shares its database's). */
const files = new WeakMap<object, DirectFile>();

export function runsDirectly(db: Db, file: DirectFile): void {
  files.set(db.getExecutor().adapter, file);
}

/** The statement's rows (none for a statement without RETURNING), or undefined: run it through Kysely. */
export function runDirect<R>(db: Db, sqlText: string, parameters: readonly unknown[]): R[] | undefined {
  const direct = files.get(db.getExecutor().adapter);
  if (!direct || (!db.isTransaction && direct.file.inTransaction)) return undefined;
  const statement = direct.prepare(sqlText);
  if (statement.reader) return statement.all(parameters) as R[];
  statement.run(parameters);
  return [];
}

/** The SQLite file under `db`, for work run on it at once (undefined on PostgreSQL). */
export function directFile(db: Db): SqliteDatabase.Database | undefined {
  return files.get(db.getExecutor().adapter)?.file;
}
