import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type BenchDb, openBenchDb } from './benchDb.ts';

/** The machine's PostgreSQL: BENCH_DATABASE_URL, else the tests' TEST_DATABASE_URL, else the local trust-auth `test` database. */
export function benchPostgresUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

export type PostgresTarget = { db: BenchDb; drop(): Promise<void>; close(): Promise<void> } | { unreachable: string };

/**
 * A schema of that PostgreSQL for one run, fresh unless named (`drop` removes it and everything in
 * it, a later `openDatabase` makes it again; `close` lets go of the connection), or why there is none: a bench without PostgreSQL skips the run rather than failing.
 */
export async function postgresSchema(dataDir: string, name = `bench_${process.pid}_${randomBytes(4).toString('hex')}`): Promise<PostgresTarget> {
  const databaseUrl = benchPostgresUrl();
  const db: BenchDb = { dataDir, databaseUrl, databaseSchema: name };
  let handle: Awaited<ReturnType<typeof openBenchDb>> | undefined;
  try {
    handle = await openBenchDb(db);
    await sql`select 1`.execute(handle.db);
  } catch (err) {
    await handle?.close().catch(() => {});
    const e = err as NodeJS.ErrnoException;
    return { unreachable: `${new URL(databaseUrl).host}: ${e.code ?? e.message}` };
  }
  const opened = handle;
  return {
    db,
    async drop() {
      await sql.raw(`drop schema if exists "${db.databaseSchema}" cascade`).execute(opened.db);
    },
    close: () => opened.close(),
  };
}
