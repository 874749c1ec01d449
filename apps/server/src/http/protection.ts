import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import { RATE_LIMITS, type RateLimit } from '@parley/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { httpRefusal } from '../domainError.ts';
import { type SessionResolver, tokenFromHeader } from './auth.ts';
import { SOCKET_CALL_PATHS } from './callBudget.ts';


/** Budgets counted by `@fastify/rate-limit`; the socket-callable endpoints' are counted by `callBudget`. */
const budgetByPath = new Map<string, RateLimit>(
  Object.values(RATE_LIMITS).flatMap((limit) => limit.paths.filter((p) => !SOCKET_CALL_PATHS.has(p)).map((p) => [p, limit] as const)),
);

/**
 * Per-caller request budgets (`@fastify/rate-limit`, one per path, in memory on each node) for the paths of the protocol's RATE_LIMITS,
 * counted per user when the request carries a live session, else per address; and a 503 while the
 * event loop lags (`@fastify/under-pressure`). Register before the routes.
 */
export async function installProtection(app: FastifyInstance, config: Config, sessions: () => SessionResolver) {
  if (config.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      sampleInterval: Math.max(10, Math.min(1_000, config.maxEventLoopDelayMs)),
      // API calls (POST) are shed; files (GET: the app's scripts, loaded on demand, and downloads) and
      // health checks still answer: a page that cannot fetch its code is worse off than a slow one
      pressureHandler: (req) => (req.method === 'GET' ? undefined : Promise.reject(httpRefusal(503, 'security.busy'))),
    });
  }

  // runs before the rate-limit plugin's own onRoute hook, which reads `config.rateLimit`
  app.addHook('onRoute', (route) => {
    const budget = budgetByPath.get(route.url.toLowerCase());
    if (!budget) return;
    route.config = {
      ...(route.config ?? {}),
      rateLimit: {
        max: Math.ceil(budget.max * config.rateLimitScale),
        timeWindow: budget.windowMs,
      },
    } as typeof route.config;
  });

  async function callerKey(req: FastifyRequest): Promise<string> {
    const token = tokenFromHeader(req);
    const user = token ? await sessions().resolve(token) : null;
    return user ? `user:${user.userId}` : `ip:${req.ip}`;
  }

  await app.register(rateLimit, {
    global: false,
    keyGenerator: callerKey,
    errorResponseBuilder: (_req, ctx) => httpRefusal(429, 'security.rateLimited', { seconds: Math.ceil(ctx.ttl / 1000) }),
  });
}

/**
 * Headers must arrive within `headersTimeoutMs` and the whole request within `requestTimeoutMs`
 * (Fastify's requestTimeout); Node checks both every `connectionsCheckingInterval`, so that is made
 * short enough for the limits to mean what they say.
 */
export function limitSlowClients(app: FastifyInstance, config: Config): void {
  // connectionsCheckingInterval is read when the server starts listening (Node's http.Server)
  const server = app.server as typeof app.server & { connectionsCheckingInterval: number };
  server.headersTimeout = config.headersTimeoutMs;
  const shortest = Math.min(config.headersTimeoutMs, config.requestTimeoutMs || Number.POSITIVE_INFINITY);
  server.connectionsCheckingInterval = Math.max(100, Math.min(30_000, Math.floor(shortest / 4)));
}
