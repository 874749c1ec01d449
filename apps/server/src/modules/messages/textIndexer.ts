import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { forEachGramBit, GRAM_BITS } from '../../db/convGrams.ts';
import { indexSearchBatch, SEARCH_INDEX_SQL } from '../../db/searchFile.ts';
import { startSqliteWorker } from '../../db/sqliteWorker.ts';
import { runPeriodically } from '../../periodic.ts';
import { textIndexBehind } from './searchIndex.ts';

/**
 * The worker: its own connection to the database with the search file attached; every `everyMs`
 * it indexes the messages not yet in the search index, `batch` at a time, each batch one
 * transaction that reads `messages` and writes only the search file (`indexSearchBatch`, run from
 * its source text).
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.lib);
const indexSearchBatch = (${String(indexSearchBatch)});
const forEachGramBit = (${String(forEachGramBit)});
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.prepare('ATTACH DATABASE ? AS search').run(workerData.searchFile);
const step = () => indexSearchBatch(db, workerData.sql, workerData.batch, forEachGramBit, workerData.bitsBytes);
let stopped = false;
const drain = () => {
  try {
    while (!stopped && step() === workerData.batch);
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
};
const timer = setInterval(drain, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  stopped = true;
  clearInterval(timer);
  db.close();
  parentPort.postMessage('closed');
});
`;

/** Messages one batch indexes (one transaction of the search file). */
const BATCH = 2000;

/**
 * SQLite's search index, written off the event loop (db/searchFile.ts): a worker thread on its own
 * connection indexes new messages every `everyMs`. `onError` hears a batch that failed (the next
 * tick tries again).
 */
export function startTextIndexer(files: { main: string; search: string }, everyMs: number, onError: (message: string) => void): { close(): Promise<void> } {
  return startSqliteWorker(WORKER, { file: files.main, searchFile: files.search, everyMs, batch: BATCH, sql: SEARCH_INDEX_SQL, bitsBytes: GRAM_BITS / 8 }, (message) => {
    if (message && typeof message === 'object' && 'error' in message) onError(String(message.error));
  });
}

/**
 * Starts the worker (about 10 MB) once there is something to index: until then, every `everyMs`, a
 * look at whether the search file lacks a message. A quiet node never pays for it. The worker
 * closes with the app; `everyMs` 0 starts none (tests of the not-yet-indexed messages).
 */
export function indexTextWhenNeeded(app: FastifyInstance, db: Db, files: { main: string; search: string }, everyMs: number, onError: (message: string) => void): void {
  if (everyMs <= 0) return;
  let worker: { close(): Promise<void> } | undefined;
  let closed = false;
  runPeriodically(app, everyMs, 'search indexing', async () => {
    if (worker || !(await textIndexBehind(db)) || closed) return;
    worker = startTextIndexer(files, everyMs, onError);
  });
  app.addHook('onClose', async () => {
    closed = true;
    await worker?.close();
  });
}
