/** The web section's figures beside issue 16's budgets, as the bench's summary lines. */
import { CPU_SLOWDOWN } from './browser.ts';
import type { ChatOpens } from './chatOpen.ts';
import type { HomeLoads } from './homeLoad.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { JsWeight } from './weight.ts';

export const WEB_BUDGET = { homeJsKb: 150, loginJsKb: 120, coldMs: 1000, warmMs: 300, chatOpenMs: 300, lighthouseScore: 90 };

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export interface WebResult {
  loginJs: Outcome<JsWeight>;
  homeJs: Outcome<JsWeight>;
  loads: Outcome<HomeLoads>;
  chat: Outcome<ChatOpens>;
  installErrors: Outcome<string[]>;
  lighthouse: Outcome<LighthouseResult>;
  messages: number;
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** The section's summary lines: each figure beside its budget. */
export function webSummary(r: WebResult): string[] {
  const line = <T>(label: string, o: Outcome<T>, figure: (v: T) => string, budget: string, pass: (v: T) => boolean) =>
    `${label.padEnd(20)} ${o.ok ? figure(o.value) : `n/a (${o.error})`}   budget: ${budget}   ${verdict(o.ok && pass(o.value))}`;
  const B = WEB_BUDGET;
  return [
    line('login page JS', r.loginJs, (w) => `${kb(w.bytes)} kB gzip (${w.files.length} scripts)`, `≤ ${B.loginJsKb} kB`, (w) => w.bytes / 1024 <= B.loginJsKb),
    line('home JS', r.homeJs, (w) => `${kb(w.bytes)} kB gzip (${w.files.length} scripts, signed in)`, `≤ ${B.homeJsKb} kB`, (w) => w.bytes / 1024 <= B.homeJsKb),
    line('chat list cold', r.loads, (l) => `${median(l.cold).toFixed(0)} ms median of ${l.cold.length} (${ms(l.cold)}), CPU ×${CPU_SLOWDOWN}`, `≤ ${B.coldMs} ms`, (l) => median(l.cold) <= B.coldMs),
    line('chat list warm', r.loads, (l) => `${median(l.warm).toFixed(0)} ms median of ${l.warm.length} (${ms(l.warm)}), CPU ×${CPU_SLOWDOWN}`, `≤ ${B.warmMs} ms`, (l) => median(l.warm) <= B.warmMs),
    line('open long chat', r.chat, (c) => `${c.first.toFixed(0)} ms first open to last bubble (${r.messages.toLocaleString('en')} messages; again: ${ms(c.again)})`, `≤ ${B.chatOpenMs} ms`, (c) => c.first <= B.chatOpenMs),
    line('Lighthouse perf', r.lighthouse, (l) => `${l.score} (mobile, home signed in)`, `≥ ${B.lighthouseScore}`, (l) => l.score >= B.lighthouseScore),
    line('installable', r.installErrors, (e) => (e.length === 0 ? 'yes' : `no: ${e.join(', ')}`), 'installable', (e) => e.length === 0),
  ];
}
