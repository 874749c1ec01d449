/**
 * The web build's weight, checked in `npm test` (deterministic, so it is a test, not a bench):
 * the gzip size of the entry script (all the sign-in page needs before its own chunk) and of the
 * entry plus the app shell (what every signed-in page loads first). The ceilings are what the
 * build reaches today (the protocol is marked free of side effects, so the entry keeps only what it uses); issue 16's budgets (120 kB and 150 kB) are the aim.
 */
import fs from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const CEILINGS_KB = { entry: 100, shell: 195 };

const gz = (file) => fs.statSync(path.join(dist, `${file}.gz`)).size / 1024;
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /src="\.\/(assets\/index-[^"]+\.js)"/.exec(html)?.[1];
const shell = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^App-[\w-]+\.js$/.test(f));
if (!entry || !shell) {
  console.error('check-size: the entry script or the App chunk is missing from apps/web/dist');
  process.exit(1);
}
const figures = { entry: gz(entry), shell: gz(entry) + gz(`assets/${shell}`) };
let failed = false;
for (const [name, kb] of Object.entries(figures)) {
  const ok = kb <= CEILINGS_KB[name];
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} script gzip ${kb.toFixed(1)} kB (ceiling ${CEILINGS_KB[name]} kB)`);
}
process.exit(failed ? 1 : 0);
