import { startSqliteWorker } from '../../db/sqliteWorker.ts';
import { TEXT_INDEX_SQL } from '../../db/searchFile.ts';

/**
 * The worker: its own connection to the database with the search file attached; every `everyMs`
 * it indexes the messages not yet in the text index, `batch` at a time, each batch one
 * transaction that reads `messages` and writes only the search file.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.lib);
const { sql } = workerData;
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.prepare('ATTACH DATABASE ? AS search').run(workerData.searchFile);
const claim = db.prepare(sql.claim);
const upto = db.prepare(sql.upto);
const batch = db.prepare(sql.batch);
const insert = db.prepare(sql.insert);
const advance = db.prepare(sql.advance);
const step = db.transaction(() => {
  claim.run();
  const from = upto.get().upto;
  const { n, top } = batch.get(from, workerData.batch);
  if (top === null) return 0;
  insert.run(from, top);
  advance.run(top);
  return n;
});
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
 * SQLite's text index, written off the event loop (db/searchFile.ts): a worker thread on its own
 * connection indexes new messages every `everyMs`. `onError` hears a batch that failed (the next
 * tick tries again).
 */
export function startTextIndexer(files: { main: string; search: string }, everyMs: number, onError: (message: string) => void): { close(): Promise<void> } {
  return startSqliteWorker(WORKER, { file: files.main, searchFile: files.search, everyMs, batch: BATCH, sql: TEXT_INDEX_SQL }, (message) => {
    if (message && typeof message === 'object' && 'error' in message) onError(String(message.error));
  });
}
