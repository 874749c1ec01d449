/**
 * The production runtime: `npm start`'s server (the esbuild bundle under plain node, same flags),
 * started on a fresh data directory and again on the existing one. Start-to-ready is from spawning
 * the process to its "Parley is running" line. Baseline RSS is read idle, before any user, once
 * settled: V8 gives back the young generation the start grew (up to the 8 MB a semi-space
 * `--max-semi-space-size` allows) by its memory reducer, 8 s after the start's last full GC, so it is
 * read at 12 s; the figure at 2 s is shown beside it.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { rssMb } from './procstat.ts';

export const RUNTIME_BUDGET = { readyMs: 1000, rssMb: 80 };

/** The node flags `npm start` runs the bundle with (package.json). */
export function startFlags(root: string): string[] {
  const script = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start as string;
  const m = /node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(script);
  return m ? m[1].trim().split(' ').filter(Boolean) : [];
}

/** When the settled RSS is read, after the ready line. */
const SETTLED_AFTER_MS = 12_000;

interface Start {
  readyMs: number;
  /** RSS 2 s after ready */
  early: number;
  /** RSS once settled (SETTLED_AFTER_MS after ready) */
  rss: number;
}

function once(root: string, dataDir: string, flags: string[]): Promise<Start> {
  const started = performance.now();
  const proc = spawn(process.execPath, [...flags, 'apps/server/dist/main.js', 'start'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let measured: Start | undefined;
    readline.createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (!line.includes('Parley is running')) return;
      const readyMs = performance.now() - started;
      let early = 0;
      setTimeout(() => {
        early = rssMb(proc.pid!);
      }, 2000);
      setTimeout(() => {
        measured = { readyMs, early, rss: rssMb(proc.pid!) };
        proc.kill('SIGTERM');
      }, SETTLED_AFTER_MS);
    });
    proc.once('exit', (code) => (measured ? resolve(measured) : reject(new Error(`server exited early with ${code}`))));
  });
}

export async function benchRuntime(root: string, runs = 3): Promise<{ firstStart: Start; restarts: Start[]; flags: string[] }> {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  const flags = startFlags(root);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-runtime-'));
  try {
    const firstStart = await once(root, dataDir, flags);
    const restarts = [];
    for (let i = 0; i < runs; i++) restarts.push(await once(root, dataDir, flags));
    return { firstStart, restarts, flags };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
