import fs from 'node:fs';
import path from 'node:path';
import type { HistorySeed } from './history.ts';
import type { Seeded } from './seed.ts';

/** What seeding a history database returned: the users' tokens and the reader. */
export interface KeptSeed {
  seeded: Seeded;
  history: HistorySeed;
}

export type KeptDatabase = 'sqlite' | 'postgres';

/**
 * `--keep-history DIR`: the history section's seeded databases outlive the run, for the next run
 * with the same DIR and size (a 10M seed takes ~12 min per database). The SQLite data directory is
 * DIR/sqlite-<messages>, the PostgreSQL schema `bench_kept_<messages>`; what each seed returned is
 * recorded beside them once it completed, so that a run cut short seeds again.
 */
export function historyKeeper(dir: string, messages: number) {
  const record = (db: KeptDatabase) => path.join(dir, `${db}-${messages}.json`);
  return {
    sqliteDir: path.join(dir, `sqlite-${messages}`),
    postgresSchema: `bench_kept_${messages}`,
    load(db: KeptDatabase): KeptSeed | null {
      return fs.existsSync(record(db)) ? (JSON.parse(fs.readFileSync(record(db), 'utf8')) as KeptSeed) : null;
    },
    save(db: KeptDatabase, seed: KeptSeed): void {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(record(db), JSON.stringify(seed));
    },
  };
}

export type HistoryKeeper = ReturnType<typeof historyKeeper>;
