import { runAdmin, USAGE } from './admin.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/index.ts';
import { backupSqlite } from './ops/backup.ts';
import { collectWhenQuiet } from './ops/collectWhenQuiet.ts';
import { docAdmin } from './modules/docs/admin.ts';
import { docsService } from './modules/docs/service.ts';
import { walletAdmin } from './modules/wallet/admin.ts';
import { workAdmin } from './modules/work/admin.ts';
import { workService } from './modules/work/service.ts';
import { redisBus } from './realtime/bus.ts';
import { Hub } from './realtime/hub.ts';

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
  const stopCollecting = collectWhenQuiet();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: telling ${built.ctx.hub.size} sockets to reconnect and finishing requests in flight…`);
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    stopCollecting();
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

/** `admin wallet …`: with REDIS_URL the decision reaches running servers at once, otherwise within 2 s (their poll). */
async function wallet(args: string[]): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase(config);
  const bus = config.redisUrl ? await redisBus(config.redisUrl, `parley:bus:${config.databaseSchema ?? 'default'}`) : undefined;
  try {
    await migrate(handle);
    const { lines, exitCode } = await walletAdmin({ db: handle.db, dialect: handle.dialect, hub: bus ? new Hub(bus) : undefined }, args);
    for (const line of lines) console.log(line);
    process.exitCode = exitCode;
  } finally {
    await bus?.close();
    await handle.close();
  }
}

async function admin(args: string[]): Promise<void> {
  if (args[0] === 'backup') return backup(args[1]);
  if (args[0] === 'wallet') return wallet(args.slice(1));
  if (args[0] === 'goods' || args[0] === 'crm') {
    const handle = await openDatabase(loadConfig());
    try {
      await migrate(handle);
      console.log(await workAdmin(workService(handle.db), args));
    } finally {
      await handle.close();
    }
    return;
  }
  if (args[0] === 'doc') {
    const handle = await openDatabase(loadConfig());
    try {
      await migrate(handle);
      console.log(await docAdmin(docsService(handle.db), args.slice(1)));
    } finally {
      await handle.close();
    }
    return;
  }
  // config and notices: the shared runner (tests run it in-process)
  return runAdmin(args);
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
  if (command === 'admin') return admin(rest);
  throw new ConfigError(USAGE);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
