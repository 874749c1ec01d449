import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BODY_LIMIT_BYTES } from '@parley/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type DbHandle, migrate, openDatabase } from './db/index.ts';
import { installErrorHandling, installJsonParser } from './http/errors.ts';
import { makeRouter } from './http/route.ts';
import { serveStatic } from './http/static.ts';
import { type Bus, localBus, redisBus } from './realtime/bus.ts';
import { Hub } from './realtime/hub.ts';
import { attachSocket } from './realtime/socket.ts';
import { groupMembership } from './modules/groups/membership.ts';
import { registerModules } from './modules/index.ts';
import { systemService } from './modules/system/service.ts';
import { systemStore } from './modules/system/store.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: DbHandle;
  close(): Promise<void>;
}

const CONFIG_POLL_MS = 2_000;

async function loadSecret(handle: DbHandle, given?: string): Promise<string> {
  if (given) return given;
  const store = systemStore(handle.db);
  const existing = (await store.readAll()).secret;
  if (existing) return JSON.parse(existing);
  const secret = randomBytes(32).toString('base64url');
  await handle.db
    .insertInto('system_config')
    .values({ key: 'secret', value: JSON.stringify(secret) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return JSON.parse((await store.readAll()).secret);
}

export async function buildApp(config: Config): Promise<BuiltApp> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
  });
  installJsonParser(app);
  installErrorHandling(app);

  const db = await openDatabase(config);
  await migrate(db);
  const bus: Bus = config.redisUrl
    ? await redisBus(config.redisUrl, `parley:bus:${config.databaseSchema ?? 'default'}`)
    : localBus();
  const hub = new Hub(bus);
  const system = systemService(db.db, config, app.log);
  const secret = await loadSecret(db, config.secret);

  const ctx: AppContext = {
    config,
    db: db.db,
    dialect: db.dialect,
    hub,
    sessions: { resolve: async () => null },
    log: app.log,
    secret,
    groups: groupMembership(db.db),
  };
  const router = makeRouter(app, { resolve: (token) => ctx.sessions.resolve(token) });
  registerModules(router, ctx, system, app);

  serveStatic(app, config.webDist, path.resolve(import.meta.dirname, '../assets'));
  const detachSocket = attachSocket(app, hub, { resolve: (t) => ctx.sessions.resolve(t) }, config.socketIdleMs);

  await system.refresh();
  const poll = setInterval(async () => {
    try {
      const changed = await system.refresh();
      if (changed) hub.pushLocal({ all: true }, 'updateConfig', { sysInfo: changed });
    } catch (err) {
      app.log.warn({ err }, 'config poll failed');
    }
  }, CONFIG_POLL_MS);
  poll.unref();

  return {
    app,
    ctx,
    db,
    async close() {
      clearInterval(poll);
      detachSocket();
      await app.close();
      await bus.close();
      await db.close();
    },
  };
}
