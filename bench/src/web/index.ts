/**
 * The web-delivery section of `npm run bench` (issue 16's budgets): what the browser downloads and
 * how soon the phone shows the chat list and a long chat, in Debian's Chromium at 390×844 with the
 * CPU slowed 4×, plus Lighthouse's mobile performance score and Chromium's installability verdict.
 */
import os from 'node:os';
import type { Browser } from 'playwright-core';
import { CPU_SLOWDOWN, launchChromium, PHONE, type WebSession } from './browser.ts';
import { chatOpens } from './chatOpen.ts';
import { compareBuilds } from './compare.ts';
import { webDistOf } from './dist.ts';
import { CHAT_ROW, homeLoads } from './homeLoad.ts';
import { installabilityErrors } from './installable.ts';
import { lighthouseHome } from './lighthouse.ts';
import { signInOverHttp } from './session.ts';
import { kb, ms, type Outcome, type WebResult } from './summary.ts';
import { type JsWeight, jsWeight } from './weight.ts';

export { ensureWebBuilt } from './dist.ts';
export { seedLongChat } from './seedChat.ts';
export { WEB_BUDGET, webSummary } from './summary.ts';

export interface WebJob {
  root: string;
  url: string;
  /** the signed-in user: account and password of a seeded user */
  account: string;
  password: string;
  /** the friend whose chat holds the long history, and its newest msg_id */
  friendId: number;
  lastMsgId: number;
  messages: number;
  /** fresh contexts for the cold/warm loads */
  runs?: number;
  /** a Chromium trace of the long chat's first open is written here */
  tracePath?: string;
  /** instead of the section: this build against another one (its apps/web/dist), in `rounds` pairs */
  compare?: { dist: string; rounds: number };
}

/** One measurement: a failure is reported beside its budget instead of ending the section. */
async function attempt<T>(what: string, run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    const error = err instanceof Error ? err.message.split('\n')[0] : String(err);
    console.log(`  ${what} failed: ${error}`);
    return { ok: false, error };
  }
}

function printWeight(name: string, w: JsWeight): void {
  const notGzip = w.files.filter((f) => f.encoding !== 'gzip').map((f) => `${f.path.split('/').pop()} (${f.encoding})`);
  const largest = [...w.files].sort((a, b) => b.bytes - a.bytes).slice(0, 6).map((f) => `${f.path.split('/').pop()} ${kb(f.bytes)}`);
  console.log(`  ${name}: ${w.files.length} scripts, ${kb(w.bytes)} kB gzip over the wire (apps/web/dist .gz copies of the same: ${kb(w.distBytes)} kB)`);
  console.log(`    largest (kB): ${largest.join(', ')}${notGzip.length ? `; not sent as gzip: ${notGzip.join(', ')}` : ''}`);
}

export async function benchWeb(job: WebJob): Promise<WebResult> {
  const runs = job.runs ?? 3;
  const session: WebSession = await signInOverHttp(job.url, job.account, job.password);
  const webDist = webDistOf(job.root);
  let browser: Browser | null = null;
  const notRun: Outcome<never> = { ok: false, error: 'not run' };
  const result: WebResult = { loginJs: notRun, homeJs: notRun, loads: notRun, chat: notRun, installErrors: notRun, lighthouse: notRun, messages: job.messages };
  try {
    browser = await launchChromium();
    const b = browser;
    const load = os.loadavg().map((x) => x.toFixed(1)).join(' ');
    console.log(`  Chromium ${b.version()}, ${PHONE.width}×${PHONE.height}, CPU ×${CPU_SLOWDOWN} for the timings; machine load average ${load} on ${os.cpus().length} cores`);
    if (job.compare) {
      await compareBuilds(b, job.url, webDist, job.compare.dist, session, job, job.compare.rounds);
      return result;
    }
    result.loginJs = await attempt('login page JS', () => jsWeight(b, job.url, webDist, null, '#/pages/login/index', '[data-testid=login-submit]'));
    if (result.loginJs.ok) printWeight('login page', result.loginJs.value);
    result.homeJs = await attempt('home JS', () => jsWeight(b, job.url, webDist, session, '', CHAT_ROW));
    if (result.homeJs.ok) printWeight('home (signed in)', result.homeJs.value);
    result.loads = await attempt('home loads', () => homeLoads(b, job.url, session, runs));
    if (result.loads.ok) console.log(`  address to chat list drawn: cold ${ms(result.loads.value.cold)} ms; warm ${ms(result.loads.value.warm)} ms`);
    result.chat = await attempt('chat open', () => chatOpens(b, job.url, session, job.friendId, job.lastMsgId, 3, job.tracePath));
    if (result.chat.ok) console.log(`  tap to last bubble of the ${job.messages.toLocaleString('en')}-message chat: first ${result.chat.value.first.toFixed(0)} ms; again ${ms(result.chat.value.again)} ms`);
    if (job.tracePath) console.log(`  trace of the first open: ${job.tracePath}`);
  } finally {
    await browser?.close();
  }
  result.installErrors = await attempt('installability', () => installabilityErrors(job.url, session));
  if (result.installErrors.ok) console.log(`  installability errors (CDP Page.getInstallabilityErrors): ${result.installErrors.value.join('; ') || 'none'}`);
  result.lighthouse = await attempt('Lighthouse', () => lighthouseHome(job.url, session));
  if (result.lighthouse.ok) {
    const l = result.lighthouse.value;
    console.log(`  Lighthouse mobile performance ${l.score}: ${Object.entries(l.metrics).map(([k, v]) => `${k} ${v}`).join(', ')}${l.warnings.length ? `; warnings: ${l.warnings.join(' | ')}` : ''}`);
  }
  return result;
}

