import { runAdmin, USAGE } from './admin.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/index.ts';

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
  if (command === 'admin') return runAdmin(rest);
  throw new ConfigError(USAGE);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
