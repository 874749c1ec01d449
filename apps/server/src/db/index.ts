import fs from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase as SqliteDialectDatabase,
  type SqliteStatement,
  sql,
} from 'kysely';
import { startCheckpointer } from './checkpointer.ts';
import { attachSearchFile, resetStaleSearchFile, sqliteFiles } from './searchFile.ts';
import { runsDirectly } from './direct.ts';
import type { Dialect } from './migrations/helpers.ts';
import { preparingPool } from './prepared.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type { Dialect };

/** The PostgreSQL driver, loaded only when a database URL is set (a SQLite server never pays for it). */
async function loadPg(): Promise<typeof import('pg').default> {
  const { default: pg } = await import('pg');
  // PostgreSQL bigint (int8) and numeric come back as strings by default; our values fit in a double.
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  return pg;
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL schema the tables live in, when not the default */
  schema?: string;
  /** the SQLite file's connection (for an online backup); absent on PostgreSQL */
  sqlite?: SqliteDatabase.Database;
  close(): Promise<void>;
}

/**
 * pg_trgm (message search) lives in `public`, shared by every schema; two servers starting at once
 * may race to create it, so a failure is only an error when the extension is still missing after it.
 */
async function ensureTrigramExtension(pg: typeof import('pg').default, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  } catch (err) {
    const { rowCount } = await client.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
    if (!rowCount) throw err;
  } finally {
    await client.end();
  }
}


/** The `options` a database URL sets (`?options=-c%20statement_timeout%3D5000`), which the pool's own options would replace. */
function urlOptions(url: string): string {
  try {
    return new URL(url).searchParams.get('options') ?? '';
  } catch {
    return '';
  }
}

/** Hooks of an opened database: `onQuery` hears how long each query took (for `/metrics`). */
export interface DbHooks {
  onQuery?(ms: number): void;
}

/** Where the database lives: a PostgreSQL URL (and schema), else a SQLite file under `dataDir`. */
export interface DbLocation {
  dataDir: string;
  databaseUrl?: string;
  databaseSchema?: string;
}

export async function openDatabase(config: DbLocation, hooks: DbHooks = {}): Promise<DbHandle> {
  if (config.databaseUrl) {
    const pg = await loadPg();
    const schema = config.databaseSchema;
    if (schema) {
      const admin = new pg.Client({ connectionString: config.databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await admin.end();
    }
    await ensureTrigramExtension(pg, config.databaseUrl);
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      // JIT compilation is for long analytic queries: past jit_above_cost (the chat list's statement at
      // 10M messages) it spent 26 ms compiling a statement that runs in 21 ms
      options: [urlOptions(config.databaseUrl), '-c jit=off', ...(schema ? [`-c search_path="${schema}"`] : [])].filter(Boolean).join(' '),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool, { onQuery: hooks.onQuery }) }) });
    return { db, dialect: 'postgres', schema, close: () => db.destroy() };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const files = sqliteFiles(config.dataDir);
  const filePath = files.main;
  const file = new SqliteDatabase(filePath);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('busy_timeout = 5000');
  file.pragma('foreign_keys = ON');
  // SQLite's own page cache is 2 MB unless set: at a million messages every send read its index pages back
  // from the OS (the private-chat bench after the history seed: p95 1,055 ms, with 64 MiB 131-145); it grows only as pages are used
  file.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  // the checkpointer worker keeps the log short; a commit checkpoints only if the log still grows past this (about 40 MB)
  file.pragma(`wal_autocheckpoint = ${WAL_PAGES_FALLBACK}`);
  attachSearchFile(file, files.search);
  const checkpointer = startCheckpointer(filePath);
  const statements = withStatementCache(file, hooks.onQuery);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  runsDirectly(db, { file, prepare: statements.prepare });
  return {
    db,
    dialect: 'sqlite',
    sqlite: file,
    async close() {
      await checkpointer.close();
      await db.destroy();
    },
  };
}

const STATEMENT_CACHE_MAX = 1000;
const WAL_PAGES_FALLBACK = 10_000;
/** SQLite's page cache per attached file, in KiB (64 MiB) */
const PAGE_CACHE_KIB = 65_536;

/**
 * Kysely prepares every query anew; compiling the same SQL over and over was the largest single cost
 * of sending a message. Statements are reused per SQL text (Kysely runs one query at a time on this
 * connection, so a statement is never used twice at once). `onQuery` hears how long each ran: timed
 * here rather than through Kysely's query log, whose wrapper of every query (two more awaits and a
 * log event) cost more than many of the statements it timed.
 */
export function withStatementCache(file: SqliteDatabase.Database, onQuery?: (ms: number) => void): SqliteDialectDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => file.close(),
    prepare(sqlText: string) {
      let stmt = cache.get(sqlText);
      if (!stmt) {
        const prepared = file.prepare(sqlText);
        stmt = onQuery ? timed(prepared, onQuery) : prepared;
        if (cache.size >= STATEMENT_CACHE_MAX) cache.clear();
        cache.set(sqlText, stmt);
      }
      return stmt;
    },
  };
}

function timed(stmt: SqliteDatabase.Statement, onQuery: (ms: number) => void): SqliteStatement {
  const time = <T>(run: () => T): T => {
    const started = performance.now();
    try {
      return run();
    } finally {
      onQuery(performance.now() - started);
    }
  };
  return {
    reader: stmt.reader,
    all: (parameters) => time(() => stmt.all(parameters)),
    run: (parameters) => time(() => stmt.run(parameters)),
    iterate: (parameters) => stmt.iterate(parameters),
  };
}

/**
 * Kysely's migrator looks for its tables by listing every schema's tables. On PostgreSQL a schema that
 * another server drops meanwhile (parallel test runs each use their own) breaks that listing with
 * invalid_schema_name; nothing was written yet, so the run is tried again.
 */
const SCHEMA_VANISHED = '3F000';
const MIGRATE_TRIES = 5;

export async function migrate(handle: DbHandle): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const all: Record<string, Migration> = {};
      for (const step of migrations) {
        all[step.name] = { up: (db) => step.up(db, handle.dialect) };
      }
      return all;
    },
  };
  const migrator = new Migrator({ db: handle.db, provider, migrationTableSchema: handle.schema });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) {
      if (handle.sqlite) resetStaleSearchFile(handle.sqlite);
      return;
    }
    const vanished = !failed && (error as { code?: string } | undefined)?.code === SCHEMA_VANISHED;
    if (vanished && attempt < MIGRATE_TRIES) continue;
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Drops the schema a test created (PostgreSQL only). */
export async function dropSchema(handle: DbHandle, schema: string): Promise<void> {
  if (handle.dialect === 'postgres') await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(handle.db);
}
