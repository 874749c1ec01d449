import { ConfigError, loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/index.ts';
import { postSystemNotice } from './modules/messages/deliver.ts';
import { featuresOf } from './modules/translate/engines.ts';
import { systemService } from './modules/system/service.ts';
import { localBus, redisBus } from './realtime/bus.ts';
import { Hub } from './realtime/hub.ts';

import { DOC_USAGE } from './modules/docs/admin.ts';
import { WALLET_USAGE } from './modules/wallet/admin.ts';
import { WORK_USAGE } from './modules/work/admin.ts';

export const USAGE = `Usage:
  parley start                      start the server
  parley migrate                    apply database migrations
  parley admin config get           print the global config
  parley admin config set KEY VALUE change one key (e.g. multipleLogin true)
  parley admin notice "TEXT" [USER_ID]
                                    post a system notice to everyone (or one user)
  parley admin backup FILE          copy the SQLite database to FILE while the server runs
                                    (PostgreSQL: use pg_dump, see the README)
${WALLET_USAGE}
${WORK_USAGE}
${DOC_USAGE}`;

type Env = NodeJS.ProcessEnv;
type Print = (line: string) => void;

async function postNotice(text: string | undefined, userId: string | undefined, env: Env, print: Print): Promise<void> {
  if (!text?.trim() || (userId !== undefined && !/^\d+$/.test(userId))) throw new ConfigError(USAGE);
  const config = loadConfig(env);
  const handle = await openDatabase(config);
  // With Redis the running nodes deliver it live; otherwise clients see it on their next sync.
  const bus = config.redisUrl ? await redisBus(config.redisUrl, `parley:bus:${config.databaseSchema ?? 'default'}`) : localBus();
  try {
    await migrate(handle);
    const notice = await postSystemNotice(
      { db: handle.db, hub: new Hub(bus), dialect: handle.dialect },
      text,
      userId === undefined ? undefined : Number(userId),
    );
    print(`Posted notice ${notice.msg_id}${userId ? ` to user ${userId}` : ' to everyone'}.`);
  } finally {
    await bus.close();
    await handle.close();
  }
}

/**
 * `parley admin …`: reads or changes the global config, or posts a system notice. The CLI runs it
 * with the process environment and stdout; tests run it in-process with their own.
 */
export async function runAdmin(args: readonly string[], env: Env = process.env, print: Print = console.log): Promise<void> {
  if (args[0] === 'notice') return postNotice(args[1], args[2], env, print);
  const [area, verb, key, value] = args;
  if (area !== 'config' || (verb !== 'get' && verb !== 'set') || (verb === 'set' && (!key || value === undefined))) {
    throw new ConfigError(USAGE);
  }
  const config = loadConfig(env);
  const handle = await openDatabase(config);
  try {
    await migrate(handle);
    const system = systemService(handle.db, config, { info: () => {} }, featuresOf(config));
    const info = verb === 'set' ? await system.set(key, value) : await system.sysInfo();
    print(JSON.stringify(info, null, 2));
    if (verb === 'set') print('Saved. Running servers apply it within 2 seconds and tell connected clients.');
  } finally {
    await handle.close();
  }
}
