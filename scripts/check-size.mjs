/**
 * The web build's weight, checked in `npm test` (deterministic, so it is a test, not a bench): the
 * gzip size of the scripts each first screen needs, read from the build's manifest (which chunks
 * each module imports). `npm run bench -- --only web` measures the same in Chromium, with the lazy
 * chunks a page fetches once drawn.
 * - entry: the entry script alone (it paints the kept home screen, apps/web/src/paint/homePaint.ts,
 *   and loads the app's start, apps/web/src/start.tsx, which every figure below includes);
 * - shell: the entry and the app shell (router, tab bar, stores, and the home page, which comes with
 *   the app's code as the first screen of nearly every start) of every signed-in page;
 * - login: what a start without a session loads: the entry, the login page alone, the service
 *   worker's registration and the login page's texts of the largest language;
 * - home: what a signed-in start loads before the chat list: the entry, the shell (with the home page),
 *   the offline copy of the chats, the service worker's registration and every text the start loads
 *   (the login and home parts of the largest language's texts, the home part with the domain bundles
 *   it mounts, antd-mobile's). What the start fetches beside the first screen rather than before it is not
 *   counted: the socket layer, the calls and the query cache (`startLive` in apps/web/src/App.tsx),
 *   the lists' virtualizer (apps/web/src/components/virtual/VirtualList.tsx).
 * - chat: what the chat screen (apps/web/src/pages/message/chat.tsx) adds to a signed-in start and
 *   what it fetches beside it: the code a tap on a chat row waits for when it is not in yet. Its sheets and viewers load later (pages/message/chat/sheets.ts).
 * Each ceiling sits just above what the build reaches today, so that a change that adds weight is
 * noticed; issue 16's budgets (login 120 kB, home 150 kB) are the aim, and `npm run bench -- --only web`
 * prints the figures beside them.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const CEILINGS_KB = { entry: 3, shell: 119, login: 100, home: 127, chat: 38 };

const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('check-size: apps/web/dist/.vite/manifest.json is missing: run `npm run build` first');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** gzip bytes of a built file: its build-time `.gz` copy, or the file gzipped here when the build made none (under 1 kB). */
function gzipBytes(file) {
  const full = path.join(dist, file);
  if (fs.existsSync(`${full}.gz`)) return fs.statSync(`${full}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
}

/**
 * The manifest key of a source module: its path, or, when Rollup made the module's chunk a shared one
 * (other chunks import from it, so the chunk has no single source), the dynamic entry chunk named after it.
 */
function keyOf(source) {
  if (manifest[source]) return source;
  const name = path.parse(source).name;
  return Object.keys(manifest).find((key) => manifest[key].isDynamicEntry && manifest[key].name === name) ?? source;
}

/** The script files of `sources` (source paths) and of everything they import statically. */
function scriptsOf(sources) {
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`check-size: ${key} is not in the build's manifest`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(keyOf(source));
  return new Set([...seen].map((key) => manifest[key].file));
}

const kbOf = (files) => [...files].reduce((sum, file) => sum + gzipBytes(file), 0) / 1024;

/**
 * The texts of the largest language a start loads, and antd-mobile's: at the login page only the
 * part of the language's texts the login page shows (`?part=login`, apps/web/src/i18n/localeParts.ts);
 * signed in, also the part the home page adds (`?part=home`, with the domain bundles it mounts).
 */
function largestTexts(start) {
  const keys = Object.keys(manifest);
  const languages = keys.map((key) => /^src\/i18n\/locales\/(.+)\.json\?part=login$/.exec(key)?.[1]).filter(Boolean);
  const wanted = (key, lang) => key === `src/i18n/locales/${lang}.json?part=login` || (start === 'home' && key === `src/i18n/locales/${lang}.json?part=home`);
  const ours = Math.max(...languages.map((lang) => kbOf(new Set(keys.filter((key) => wanted(key, lang)).map((key) => manifest[key].file)))));
  const antd = Math.max(...keys.filter((key) => key.includes('antd-mobile/es/locales/')).map((key) => kbOf(scriptsOf([key]))));
  return ours + antd;
}

const ENTRY = 'index.html';
/** The app's start (React, the texts' loader), which the entry loads at once or right after painting the kept home screen. */
const START = 'src/start.tsx';
const SHELL = ['src/App.tsx', 'src/session/resumeSession.ts'];
const SERVICE_WORKER = 'src/pwa/registerServiceWorker.ts';
const HOME = [ENTRY, START, ...SHELL, 'src/offline/persistChats.ts', SERVICE_WORKER];
/** What a signed-in start fetches beside its first screen (`startLive` in apps/web/src/App.tsx, the lists' virtualizer). */
const BESIDE_HOME = ['src/realtime/connectSession.ts', 'src/calls/engine.ts', 'src/pages/index/chatList/notification.ts', 'src/api/queryClient.ts', 'src/components/virtual/VirtualizedList.tsx'];
const started = scriptsOf([...HOME, ...BESIDE_HOME]);

const figures = {
  entry: kbOf(scriptsOf([ENTRY])),
  shell: kbOf(scriptsOf([ENTRY, START, ...SHELL])),
  login: kbOf(scriptsOf([ENTRY, START, 'src/loginAlone.tsx', SERVICE_WORKER])) + largestTexts('login'),
  home: kbOf(scriptsOf(HOME)) + largestTexts('home'),
  chat: kbOf(new Set([...scriptsOf(['src/pages/message/chat.tsx'])].filter((file) => !started.has(file)))),
};
let failed = false;
for (const [name, kb] of Object.entries(figures)) {
  const ok = kb <= CEILINGS_KB[name];
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} scripts gzip ${kb.toFixed(1)} kB (ceiling ${CEILINGS_KB[name]} kB)`);
}
process.exit(failed ? 1 : 0);
