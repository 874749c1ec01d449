import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` every `ms` while the app is up (stopped when it closes), never two runs at once; a
 * failure is logged as `what` and the next run tries again.
 */
export function runPeriodically(app: FastifyInstance, ms: number, what: string, job: () => Promise<unknown>): void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (err) {
      app.log.warn({ err }, `${what} failed`);
    } finally {
      running = false;
    }
  }, ms);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
