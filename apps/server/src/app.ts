import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BODY_LIMIT_BYTES, SOCKET_RESTART_CLOSE_CODE } from '@parley/protocol';
import { sql } from 'kysely';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { background } from './background.ts';
import { fileReaders } from './fileReaders.ts';
import { listeners } from './listeners.ts';
import { type DbHandle, migrate, openDatabase } from './db/index.ts';
import { lazyDefaultCompilers } from './http/defaultCompilers.ts';
import { registerApiDocs } from './http/docs.ts';
import { clientErrorAnswer, installErrorHandling, installJsonParser } from './http/errors.ts';
import { installSecurityHeaders } from './http/headers.ts';
import { logSerializers } from './http/logging.ts';
import { installProtection, limitSlowClients } from './http/protection.ts';
import { makeRouter } from './http/route.ts';
import { installCompression, serveStatic } from './http/static.ts';
import { registerOps } from './ops/health.ts';
import { createMetrics } from './ops/metrics.ts';
import { type Bus, localBus, redisBus } from './realtime/bus.ts';
import { Hub } from './realtime/hub.ts';
import { redisPresence, soloPresence } from './realtime/presence.ts';
import { socketCalls } from './realtime/calls.ts';
import { attachSocket } from './realtime/socket.ts';
import { friendRelations } from './modules/friends/relations.ts';
import { senderCards } from './modules/users/senderCards.ts';
import { groupMembership } from './modules/groups/membership.ts';
import { registerModules } from './modules/index.ts';
import { featuresOf } from './modules/translate/engines.ts';
import { type SystemService, systemService } from './modules/system/service.ts';
import { SERVER_ROOT } from './serverRoot.ts';
import { cachedSessions } from './http/sessionCache.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: DbHandle;
  /** the global config (sysInfo) this node serves; `set` is what the admin command does */
  system: SystemService;
  close(): Promise<void>;
}

const CONFIG_POLL_MS = 2_000;

export async function buildApp(config: Config): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, serializers: logSerializers, ...(config.logStream ? { stream: config.logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    // a body trickled in byte by byte is cut (HTTP 408) instead of holding its memory for ever
    requestTimeout: config.requestTimeoutMs,
    clientErrorHandler: clientErrorAnswer,
    schemaController: { compilersFactory: lazyDefaultCompilers() },
  });
  limitSlowClients(app, config);
  installJsonParser(app);
  installErrorHandling(app);
  await installSecurityHeaders(app);

  let hubRef: Hub | undefined;
  const metrics = createMetrics({
    sockets: () => hubRef?.size ?? 0,
    boundUsers: () => hubRef?.boundUsers ?? 0,
    framesDelivered: () => hubRef?.framesDelivered ?? 0,
    socketWrites: () => hubRef?.socketWrites ?? 0,
  });
  const db = await openDatabase(config, { onQuery: (ms) => metrics.observeQuery(ms / 1000) });
  await migrate(db);
  const bus: Bus = config.redisUrl
    ? await redisBus(config.redisUrl, `parley:bus:${config.databaseSchema ?? 'default'}`)
    : localBus();
  const presence = config.redisUrl
    ? await redisPresence(config.redisUrl, `parley:${config.databaseSchema ?? 'default'}`)
    : soloPresence();
  const hub = new Hub(bus, presence);
  hubRef = hub;
  let draining = false;
  const system = systemService(db.db, config, app.log, featuresOf(config));
  const secret = config.secret ?? (await system.kept('secret', () => randomBytes(32).toString('base64url')));

  const ctx: AppContext = {
    config,
    db: db.db,
    dialect: db.dialect,
    hub,
    sessions: { resolve: async () => null },
    log: app.log,
    secret,
    groups: groupMembership(db.db, bus),
    friends: friendRelations(db.db, bus),
    senderCards: senderCards(db.db, bus),
    fileReaders: fileReaders(),
    newMessages: listeners(),
    sessionsEnded: listeners(),
    background: background(app.log),
  };
  await installCompression(app);
  await installProtection(app, config, () => ctx.sessions);
  const router = makeRouter(app, { resolve: (token) => ctx.sessions.resolve(token) }, config.rateLimitScale);
  await registerModules(app, { ctx, router, system });
  ctx.sessions = cachedSessions(ctx.sessions, ctx.sessionsEnded, bus);
  await registerApiDocs(app);
  registerOps(app, {
    metrics,
    pingDatabase: async () => {
      await sql`select 1`.execute(db.db);
    },
    draining: () => draining,
    metricsToken: config.metricsToken,
  });
  // Shutting down: stop taking sockets, tell the connected ones to reconnect (to another node,
  // or to this one once it is back), then Fastify stops listening and lets requests in flight finish.
  app.addHook('preClose', async () => {
    draining = true;
    hub.closeAllWith(SOCKET_RESTART_CLOSE_CODE, 'restart', config.shutdownGraceMs);
  });

  // after the requests in flight (preClose), before the database closes
  app.addHook('onClose', async () => ctx.background.idle());

  await serveStatic(app, config.webDist, path.join(SERVER_ROOT, 'assets'));
  const detachSocket = attachSocket(app, hub, { resolve: (t) => ctx.sessions.resolve(t) }, socketCalls(router.calls, app.log, metrics.observeCall), config, () => draining);

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
    system,
    async close() {
      clearInterval(poll);
      await app.close();
      detachSocket();
      await presence.close();
      await bus.close();
      await db.close();
    },
  };
}
