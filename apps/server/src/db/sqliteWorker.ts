import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A worker's young generation (both semi-spaces and the large objects beside them): the process's
 * `--max-semi-space-size` would otherwise let each worker grow one of up to 48 MB, resident while
 * it works, for batch work that gains little from it.
 */
const WORKER_YOUNG_GENERATION_MB = 6;

/**
 * A worker thread that runs `source` (CommonJS text) with its own better-sqlite3 connection:
 * `workerData.lib` is the driver's path, beside the caller's `data`. The worker ends when it hears
 * 'close' (it closes its connection and answers 'closed'); `onMessage` hears anything else it posts.
 * It does not keep the process alive.
 */
export function startSqliteWorker(source: string, data: Record<string, unknown>, onMessage: (message: unknown) => void = () => undefined): { close(): Promise<void> } {
  const lib = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(source, { eval: true, workerData: { ...data, lib }, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
  worker.unref();
  let exited = false;
  worker.once('exit', () => {
    exited = true;
  });
  worker.on('message', (message: unknown) => {
    if (message !== 'closed') onMessage(message);
  });
  // a worker that cannot run leaves its work to the caller's fallback (its onMessage hears the error)
  worker.on('error', (err) => onMessage({ error: err.message }));
  return {
    async close() {
      if (exited) return;
      await new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.once('exit', () => resolve());
        worker.postMessage('close');
      });
      await worker.terminate();
    },
  };
}
