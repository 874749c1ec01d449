import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from '../config.ts';
import { openDatabase } from '../db/index.ts';

/**
 * An online copy of the SQLite file (better-sqlite3 `backup`, SQLite's backup API): consistent
 * and safe while servers keep writing. PostgreSQL is backed up with pg_dump (README, "Backups").
 * Answers the absolute path written and its page count.
 */
export async function backupSqlite(config: Config, file: string): Promise<{ target: string; pages: number }> {
  if (config.databaseUrl) {
    throw new ConfigError('This server uses PostgreSQL: back it up with pg_dump (see the README, "Backups").');
  }
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new ConfigError(`${target} exists already: choose a new file.`);
  const handle = await openDatabase(config);
  try {
    if (!handle.sqlite) throw new ConfigError('No SQLite database to back up.');
    const { totalPages } = await handle.sqlite.backup(target);
    return { target, pages: totalPages };
  } finally {
    await handle.close();
  }
}
