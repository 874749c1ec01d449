import { openDatabase } from '@parley/server/testing';

/**
 * Where a bench database lives: the SQLite file under `dataDir`, or, with `databaseUrl`, a schema of
 * a PostgreSQL database (the server still keeps its uploads under `dataDir`).
 */
export interface BenchDb {
  dataDir: string;
  databaseUrl?: string;
  databaseSchema?: string;
}

export function openBenchDb(at: string | BenchDb) {
  return openDatabase(typeof at === 'string' ? { dataDir: at } : at);
}

/** The server's environment for that database. */
export function serverDbEnv(at: BenchDb): Record<string, string> {
  return { DATA_DIR: at.dataDir, DATABASE_URL: at.databaseUrl ?? '', ...(at.databaseSchema ? { DATABASE_SCHEMA: at.databaseSchema } : {}) };
}
