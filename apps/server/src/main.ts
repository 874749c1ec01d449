import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/index.ts';
import { systemService } from './modules/system/service.ts';

const USAGE = `Usage:
  parley start                      start the server
  parley migrate                    apply database migrations
  parley admin config get           print the global config
  parley admin config set KEY VALUE change one key (e.g. multipleLogin true)`;

async function start(): Promise<void> {
  const config = loadConfig();
  const built = await buildApp(config);
  const address = await built.app.listen({ port: config.port, host: config.host });
  const shown = config.publicUrl ?? address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  console.log(`\nParley is running. Open ${shown}/ in a browser (data: ${where}).\n`);
  const stop = async () => {
    await built.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function admin(args: string[]): Promise<void> {
  const [area, verb, key, value] = args;
  if (area !== 'config' || (verb !== 'get' && verb !== 'set') || (verb === 'set' && (!key || value === undefined))) {
    throw new ConfigError(USAGE);
  }
  const config = loadConfig();
  const handle = await openDatabase(config);
  try {
    await migrate(handle);
    const system = systemService(handle.db, config, { info: () => {} });
    const info = verb === 'set' ? await system.set(key, value) : await system.sysInfo();
    console.log(JSON.stringify(info, null, 2));
    if (verb === 'set') console.log('Saved. Running servers apply it within 2 seconds and tell connected clients.');
  } finally {
    await handle.close();
  }
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
