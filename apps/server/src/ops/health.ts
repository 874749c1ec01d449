import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

export interface HealthSources {
  metrics: Metrics;
  /** answers when the database takes a query, throws when it does not */
  pingDatabase(): Promise<void>;
  /** true once the server is shutting down: load balancers stop sending new work */
  draining(): boolean;
  /** when set, `/metrics` wants `Authorization: Bearer <token>` */
  metricsToken?: string;
}

/**
 * Operations endpoints (GET, outside the API envelope): `/healthz` (the process answers),
 * `/readyz` (the database answers and the node is not shutting down), `/metrics` (Prometheus).
 */
export function registerOps(app: FastifyInstance, sources: HealthSources): void {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    if (req.method === 'POST' && route) sources.metrics.observeRequest(route, reply.elapsedTime / 1000);
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    if (sources.draining()) return reply.code(503).send({ status: 'draining' });
    try {
      await sources.pingDatabase();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });

  app.get('/metrics', async (req, reply) => {
    if (sources.metricsToken && req.headers.authorization !== `Bearer ${sources.metricsToken}`) {
      return reply.code(401).send({ status: 'unauthorized' });
    }
    const { contentType, body } = await sources.metrics.render();
    return reply.header('content-type', contentType).send(body);
  });
}
