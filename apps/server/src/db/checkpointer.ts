import fs from 'node:fs';
import { startSqliteWorker } from './sqliteWorker.ts';

/** The worker: its own connection to the file, a PASSIVE checkpoint every `everyMs` (copies WAL frames into the file without blocking writers or readers). */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.lib);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
};
checkpoint();
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.postMessage('closed');
});
`;

/** The log's size past which the worker starts: what SQLite's default threshold (1,000 pages) would checkpoint in a commit. */
const START_AT_BYTES = 4 * 1024 * 1024;

/**
 * SQLite checkpoints the write-ahead log inside a commit by default, once it has 1,000 pages: that
 * commit then waits for the file's fsyncs, and better-sqlite3 runs on the event loop, so every socket
 * and request of the node stalls with it (20–50 ms here, each time another 4 MB has been written).
 * Instead, a worker thread checkpoints the file on its own connection, off the event loop, every
 * `everyMs`; the main connection's own threshold is raised far above what the log reaches between
 * two of them (a fallback only). The worker (about 10 MB) starts once the log first reaches the
 * default threshold, so a quiet node never pays for it.
 */
export function startCheckpointer(file: string, everyMs = 1000): { close(): Promise<void> } {
  let worker: { close(): Promise<void> } | null = null;
  let closed = false;
  const watch = setInterval(() => {
    fs.stat(`${file}-wal`, (err, stat) => {
      if (err || worker || closed || stat.size < START_AT_BYTES) return;
      clearInterval(watch);
      // a checkpointer that cannot run leaves the commits' own fallback threshold to keep the log bounded
      worker = startSqliteWorker(WORKER, { file, everyMs });
    });
  }, everyMs);
  watch.unref();
  return {
    async close() {
      closed = true;
      clearInterval(watch);
      await worker?.close();
    },
  };
}
