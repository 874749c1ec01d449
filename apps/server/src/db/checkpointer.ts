import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The worker: its own connection to the file, a PASSIVE checkpoint every `everyMs` (copies WAL frames into the file without blocking writers or readers). */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.lib);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.postMessage('closed');
});
`;

/**
 * SQLite checkpoints the write-ahead log inside a commit by default, once it has 1,000 pages: that
 * commit then waits for the file's fsyncs, and better-sqlite3 runs on the event loop, so every socket
 * and request of the node stalls with it (100 ms and more on a slow disk, in the middle of a burst of
 * sends or claims). This worker thread checkpoints the file on its own connection instead, off the
 * event loop, every `everyMs`; the main connection's own threshold is raised far above what the log
 * reaches between two of them, a fallback only.
 */
export function startCheckpointer(file: string, everyMs = 1000): { close(): Promise<void> } {
  const lib = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, lib, everyMs } });
  worker.unref();
  // a checkpointer that cannot run leaves the commits' own fallback threshold to keep the log bounded
  worker.on('error', () => undefined);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.once('exit', () => resolve());
        worker.postMessage('close');
      }).then(() => worker.terminate().then(() => undefined)),
  };
}
