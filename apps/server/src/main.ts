import { runAdmin, USAGE } from './admin.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/index.ts';
import { backupSqlite } from './ops/backup.ts';

/** A second signal, or a shutdown that hangs this long, ends the process at once. */
const SHUTDOWN_LIMIT_MS = 30_000;

async function start(): Promise<void> {
  const config = loadConfig();
  const built = await buildApp(config);
  const address = await built.app.listen({ port: config.port, host: config.host });
  const shown = config.publicUrl ?? address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  console.log(`\nParley is running. Open ${shown}/ in a browser (data: ${where}).\n`);
  console.log(`listening on ${address}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: telling ${built.ctx.hub.size} sockets to reconnect and finishing requests in flight…`);
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    await built.close();
    console.log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

async function backup(file: string | undefined): Promise<void> {
  if (!file) throw new ConfigError(USAGE);
  const { target, pages } = await backupSqlite(loadConfig(), file);
  console.log(`Backed up ${pages} pages to ${target}.`);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'start' || command === undefined) return start();
  if (command === 'migrate') {
    const handle = await openDatabase(loadConfig());
    await migrate(handle);
    await handle.close();
    console.log('Migrations applied.');
    return;
  }
  // the backup copies the live SQLite file here; the other admin commands are the shared runner (tests run it in-process)
  if (command === 'admin') return rest[0] === 'backup' ? backup(rest[1]) : runAdmin(rest);
  throw new ConfigError(USAGE);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
