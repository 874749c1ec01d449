/**
 * `npm run bench`: seeds a fresh SQLite database, starts the real server as its own process and
 * drives it from a separate load-generator process; prints each figure beside its budget.
 * Options: --only runtime|fanout|biggroup|private|idle|stall|fuzz|redpackets|history|web (repeatable), --seconds N
 * (fan-out step length, default 30), --rates R,R… (fan-out steps in messages/s), --all-steps (run every fan-out
 * step even after one fails), --profile (the server writes a CPU profile to $TMPDIR/parley-prof, and the web section a Chromium trace of the long chat's first open), --fuzz N
 * (bodies of the fuzz run, default 10,000), --history N (messages of the history section, default 1,000,000;
 * issue 17 sizes it at 10,000,000), --private-rate N, --over-http (clients send messages and open red packets
 * with HTTP POSTs instead of `call` frames on their bound sockets, the web app's way), --keep-history DIR (with `--only history`:
 * keep the seeded databases in DIR and reuse them in the next run with the same DIR and --history), --compare DIST [--rounds N]
 * (with `--only web`: this web build against DIST, another checkout's apps/web/dist, in N pairs of runs, default 10,
 * instead of the section's figures). The history section runs on SQLite and then again on
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local `test` database), in a schema of its own
 * that is dropped afterwards; it is skipped there when PostgreSQL is unreachable. The groups-at-the-limit,
 * private-chat and idle sections each start once the server has given back the garbage of the section
 * before (see `settle`), so that no section's figure depends on which ran before it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Job, SendsOver } from './generator.ts';
import { endpointCases, fireFuzz, fuzzCases } from '@parley/server/testing';
import { cpuSeconds, rssMb, rssPeak, statusMb } from './procstat.ts';
import { BIG_GROUP, fileLimit, seedBigGroup } from './bigGroup.ts';
import { burstFloor } from './burstFloor.ts';
import { type BenchDb, serverDbEnv } from './benchDb.ts';
import { benchHistory, HISTORY_BUDGET, type HistorySeed, seedHistory } from './history.ts';
import { type HistoryKeeper, historyKeeper } from './historyKeep.ts';
import { postgresSchema } from './postgresTarget.ts';
import { benchRedPackets, CLAIM_BUDGET } from './redpackets.ts';
import { benchRuntime, RUNTIME_BUDGET, startFlags } from './runtime.ts';
import { type Seeded, seed, seedSearchLoad } from './seed.ts';
import type { StallJob } from './stall.ts';
import { benchWeb, ensureWebBuilt, seedLongChat, webSummary } from './web/index.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** issue 17: 5,000 private messages/s across 2,500 pairs */
const BUDGET_PRIVATE_RATE = 5000;
const args = process.argv.slice(2);
const only = args.flatMap((a, i) => (a === '--only' ? [args[i + 1]] : []));
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 30;
const rates = args.includes('--rates') ? args[args.indexOf('--rates') + 1].split(',').map(Number) : [10, 20, 50, 100, 200];
/** fan-out: run every step of --rates even after one fails (to compare costs across loads) */
const allSteps = args.includes('--all-steps');
const wants = (k: string) => only.length === 0 || only.includes(k);

const fuzzBodies = Number(args[args.indexOf('--fuzz') + 1]) || 10_000;
/** messages of the history section (issue 17 sizes it at 10,000,000: `--history 10000000`) */
/** another web build to compare this one with (`--compare DIST`) */
const compareDist = args.includes('--compare') ? args[args.indexOf('--compare') + 1] : undefined;
const historyMessages = Number(args[args.indexOf('--history') + 1]) || 1_000_000;
/** messages per second of the private-chat section (the budget's rate unless given) */
const privateRate = Number(args[args.indexOf('--private-rate') + 1]) || BUDGET_PRIVATE_RATE;
/** how clients send messages and open red packets: over their bound socket as the web app does, or `--over-http` */
const over: SendsOver = args.includes('--over-http') ? 'http' : 'socket';
const keepHistory: HistoryKeeper | null = args.includes('--keep-history') ? historyKeeper(args[args.indexOf('--keep-history') + 1], historyMessages) : null;

/** Issue 17: server CPU per delivery at 100,000 deliveries/s (a 1,000-member group at 100 msg/s). */
const FANOUT_CPU_BUDGET = { usPerDelivery: 2, atDeliveriesPerSecond: 100_000 };
const BUDGET = { fanoutRate: 50, idleSockets: 50_000, idleRssMb: 500, privateP95: 50, privateRate: BUDGET_PRIVATE_RATE, privatePairs: 2500, groupP95: 200, loginUnderLoadP95: 200, fuzz500s: 0 };
/** messages the expensive searches and forwards run over */
const SEARCH_LOAD_MESSAGES = 50_000;
/** messages of the long chat the web section opens */
const LONG_CHAT_MESSAGES = 10_000;

/** where --profile writes the server's CPU profile and the web section's trace */
const profileDir = path.join(os.tmpdir(), 'parley-prof');

/** Where --profile has the web section write its trace of the long chat's first open. */
function webTracePath(): string {
  fs.mkdirSync(profileDir, { recursive: true });
  return path.join(profileDir, 'web-chat-open.json');
}

/** The bench plays thousands of users from one address and far more traffic than one person makes; it measures latency rather than shedding load. */
const BENCH_LIMITS = { RATE_LIMIT_SCALE: '100000', SOCKETS_PER_ADDRESS: '100000', MAX_EVENT_LOOP_DELAY_MS: '0', TRUST_PROXY: 'true' };

/** The server as `npm start` runs it: the bundled JavaScript under plain node (tsx is for development). */
function startServer(at: BenchDb): Promise<{ proc: ChildProcess; url: string }> {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--quiet'], { cwd: root, stdio: 'inherit' });
  const profile = args.includes('--profile') ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const proc = spawn(process.execPath, [...profile, ...startFlags(root), 'apps/server/dist/main.js', 'start'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...serverDbEnv(at), LOG_LEVEL: 'warn', REDIS_URL: '', WALLET_PROVIDER: 'sandbox', ...BENCH_LIMITS },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: proc.stdout! });
    rl.on('line', (line) => {
      const m = /Open (http:\/\/[^/\s]+)\//.exec(line);
      if (m) resolve({ proc, url: m[1] });
    });
    proc.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the generator's JSON lines are read loosely
type Loose = Record<string, any>;

type AnyJob = Job | (StallJob & { kind: 'stall' });

/** `files`: the open-file limit to run the generator with (raised by its shell, up to the hard limit). */
function runGenerator(job: AnyJob, onEvent: (e: Loose, generatorPid: number) => void, script = 'bench/src/generator.ts', files?: number): Promise<Loose> {
  // The job (10,000 tokens for the idle run) is too big for argv: it goes through a file.
  const jobFile = path.join(os.tmpdir(), `parley-bench-job-${process.pid}-${job.kind}.json`);
  fs.writeFileSync(jobFile, JSON.stringify(job));
  const argv = ['--import', 'tsx', script, jobFile];
  const proc = files
    ? spawn('sh', ['-c', `ulimit -n ${files} && exec "$0" "$@"`, process.execPath, ...argv], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(process.execPath, argv, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: proc.stdout! });
    rl.on('line', (line) => {
      let e: Loose;
      try {
        e = JSON.parse(line);
      } catch {
        return;
      }
      if (e.event === 'done') resolve(e.result);
      else if (e.event === 'error') reject(new Error(e.message));
      else onEvent(e, proc.pid as number);
    });
    proc.once('exit', (code) => code !== 0 && reject(new Error(`generator exited with ${code}`)));
  });
}

interface StepResult {
  rate: number;
  sent: number;
  accepted: number;
  expected: number;
  received: number;
  delivered: number;
  p50: number;
  p95: number;
  p99: number;
  disconnects: number;
}


interface ServerCounts {
  pushes: number;
  writes: number;
  loopMaxMs: number;
  /** the longest part of one such delay that the server's main thread spent on a CPU (its own work) */
  loopBusyMs: number;
}

/** The server's /metrics, as text. */
const metricsText = async (url: string) => (await fetch(`${url}/metrics`)).text();

/** A figure of the server's /metrics text (NaN when absent); `name` is a regular expression. */
const metricOf = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

/**
 * From the server's /metrics: running totals of push frames and socket writes, and the longest
 * event-loop delay since the last scrape (prom-client resets it at each).
 */
async function serverCounts(url: string): Promise<ServerCounts> {
  const text = await metricsText(url);
  const value = (name: string) => metricOf(text, name);
  return { pushes: value('parley_pushes_total'), writes: value('parley_socket_writes_total'), loopMaxMs: value('nodejs_eventloop_lag_max_seconds') * 1000,
    loopBusyMs: value('parley_eventloop_busy_max_seconds') * 1000,
  };
}

/**
 * Waits for the server to give back the garbage of the sections before (at most 60 s), as a server
 * does between a busy spell and a quiet one: V8's memory reducer runs a full collection once
 * allocation has stayed low for a while (10-20 s here), and then shrinks the heap. Without the wait
 * the idle section started from 415-460 MB, of which the live heap was 27 MB. Done once a full
 * collection has run since the wait began and the heap reserves at most 1.5 times what it uses.
 * Returns the seconds waited, and whether that happened.
 */
async function settle(url: string): Promise<{ seconds: number; settled: boolean }> {
  const MAJOR = 'nodejs_gc_duration_seconds_count\\{kind="major"\\}';
  const started = performance.now();
  // the count is absent until the first full collection
  const majors = (text: string) => metricOf(text, MAJOR) || 0;
  const majorAtStart = majors(await metricsText(url));
  let settled = false;
  while (!settled && performance.now() - started < 60_000) {
    await new Promise((r) => setTimeout(r, 2_000));
    const text = await metricsText(url);
    const [used, total] = [metricOf(text, 'nodejs_heap_size_used_bytes'), metricOf(text, 'nodejs_heap_size_total_bytes')];
    settled = majors(text) > majorAtStart && total <= 1.5 * used;
  }
  return { seconds: (performance.now() - started) / 1000, settled };
}

/** What the server's resident memory holds: V8's heap (used of reserved), memory outside it, and the kernel's split of RSS. */
async function memoryOf(url: string, pid: number): Promise<string> {
  const text = await metricsText(url);
  const mb = (name: string) => fmt(metricOf(text, name) / 2 ** 20, 0);
  const rss = (field: string) => fmt(statusMb(pid, field), 0);
  return `heap ${mb('nodejs_heap_size_used_bytes')} of ${mb('nodejs_heap_size_total_bytes')} MB, external ${mb('nodejs_external_memory_bytes')} MB; RSS anonymous ${rss('RssAnon')} MB, file ${rss('RssFile')} MB`;
}

/** Descriptors the server and the generator need beside the idle sockets (database, HTTP, logs). */
const IDLE_FD_HEADROOM = 1_000;

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

interface FanoutStep extends StepResult {
  pass: boolean;
  /** server CPU over the step, % of one core */
  cpu: number;
  genCpu: number;
  rss: number;
  /** server CPU time over the deliveries made: what one delivery costs the server */
  usPerDelivery: number;
  /** push frames over socket writes during the step: the server's write coalescing */
  framesPerWrite: number;
  /** the server's longest event-loop delay during the step (prom-client's monitor, 10 ms resolution) */
  loopMaxMs: number;
  /** the longest part of a delay the server spent running, not waiting off the CPU (the bench's generator shares the machine) */
  loopBusyMs: number;
}

/** Runs the fan-out steps of one job, printing each step with the server's CPU, coalescing and event-loop figures. */
async function fanoutSteps(pid: number, job: Extract<Job, { kind: 'fanout' }>, files?: number): Promise<FanoutStep[]> {
  let cpuAt = 0;
  let genCpuAt = 0;
  let peak: { stop(): number } | null = null;
  let countsAt: Promise<ServerCounts> = Promise.resolve({ pushes: 0, writes: 0, loopMaxMs: 0, loopBusyMs: 0 });
  let printed = Promise.resolve();
  const steps: FanoutStep[] = [];
  // The first scrape starts the server's process figures and loads what its first answer needs: not inside a step.
  await serverCounts(job.url);
  await runGenerator(
    job,
    (e, genPid) => {
      if (e.event === 'step-start') {
        cpuAt = cpuSeconds(pid);
        genCpuAt = cpuSeconds(genPid);
        peak = rssPeak(pid);
        countsAt = serverCounts(job.url);
      } else if (e.event === 'step-end') {
        const cpuUsed = cpuSeconds(pid) - cpuAt;
        const genCpu = ((cpuSeconds(genPid) - genCpuAt) / (job.seconds + 0.001)) * 100;
        const rss = peak?.stop() ?? rssMb(pid);
        const counts = Promise.all([countsAt, serverCounts(job.url)]);
        printed = printed.then(async () => {
          const [a, b] = await counts;
          const r = e as StepResult;
          const step: FanoutStep = {
            ...r,
            pass: r.delivered >= 0.999 && r.disconnects === 0 && r.p95 <= (job.p95Budget ?? BUDGET.groupP95) && r.accepted === r.sent,
            cpu: (cpuUsed / (job.seconds + 0.001)) * 100,
            genCpu,
            rss,
            usPerDelivery: r.received > 0 ? (cpuUsed * 1e6) / r.received : Number.NaN,
            framesPerWrite: (b.pushes - a.pushes) / (b.writes - a.writes),
            loopMaxMs: b.loopMaxMs,
            loopBusyMs: b.loopBusyMs,
          };
          steps.push(step);
          console.log(
            `  R=${String(r.rate).padStart(3)}/s  accepted ${r.accepted}/${r.sent}  deliveries ${r.received}/${r.expected} (${fmt(r.delivered * 100, 2)}%)  ` +
              `p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  disconnects ${r.disconnects}  server CPU ${fmt(step.cpu, 0)}% (${fmt(step.usPerDelivery, 2)} µs/delivery, ${fmt(step.framesPerWrite, 2)} frames/write, event loop max ${fmt(step.loopMaxMs, 0)} ms, ${fmt(step.loopBusyMs, 0)} ms of it running)  generator CPU ${fmt(genCpu, 0)}%  server peak RSS ${fmt(rss, 0)} MB  ${verdict(step.pass)}`,
          );
        });
      }
    },
    'bench/src/generator.ts',
    files,
  );
  await printed;
  return steps;
}

/** Sections that start their own server (the shared seeded one is skipped when only these run). */
const STANDALONE = ['runtime'];

async function main() {
  const lines: string[] = [];
  if (wants('runtime')) {
    console.log('Production runtime: the esbuild bundle under plain node, a first start and 3 restarts on SQLite');
    const r = await benchRuntime(root);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ready = r.restarts.map((x) => x.readyMs);
    const rss = r.restarts.map((x) => x.rss);
    console.log(`  node ${r.flags.join(' ')}; first start (creates the database) ${fmt(r.firstStart.readyMs, 0)} ms, ${fmt(r.firstStart.rss, 0)} MB`);
    for (const x of r.restarts) console.log(`  restart: ready in ${fmt(x.readyMs, 0)} ms, RSS ${fmt(x.early, 0)} MB at 2 s, ${fmt(x.rss, 0)} MB settled`);
    lines.push(`start to ready       ${fmt(median(ready), 0)} ms median of restarts (worst ${fmt(Math.max(...ready), 0)})   budget: ≤ ${RUNTIME_BUDGET.readyMs} ms   ${verdict(median(ready) <= RUNTIME_BUDGET.readyMs)}`);
    lines.push(`baseline RSS         ${fmt(median(rss), 0)} MB median of restarts, idle and settled (worst ${fmt(Math.max(...rss), 0)}; ${fmt(median(r.restarts.map((x) => x.early)), 0)} MB at 2 s)   budget: ≤ ${RUNTIME_BUDGET.rssMb} MB   ${verdict(median(rss) <= RUNTIME_BUDGET.rssMb)}`);
    if (only.length > 0 && only.every((k) => STANDALONE.includes(k))) return printSummary(lines);
  }
  if (keepHistory && only.join() !== 'history') throw new Error('--keep-history goes with --only history (other sections write to the database)');
  const kept = keepHistory?.load('sqlite') ?? null;
  const dataDir = keepHistory ? keepHistory.sqliteDir : fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  if (keepHistory && !kept) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
  }
  if (kept) console.log(`Reusing the seeded history database in ${dataDir}`);
  else console.log(`Seeding 10,000 users, 5,000 friend pairs and a 1,000-member group in ${dataDir} …`);
  const seeded = kept?.seeded ?? (await seed(dataDir, 10_000, 1_000));
  const searchLoad = wants('stall') ? await seedSearchLoad(dataDir, seeded.userIds.slice(0, 10), SEARCH_LOAD_MESSAGES) : null;
  // the web section's user is the last friend pair: in no group and used by no other section
  const webPair = seeded.userIds.length - 2;
  const big = wants('biggroup') ? await seedBigGroup(dataDir, seeded, BIG_GROUP.members) : null;
  const history = kept?.history ?? (wants('history') ? await seedHistory(dataDir, seeded.userIds, historyMessages) : null);
  if (keepHistory && !kept && history) keepHistory.save('sqlite', { seeded, history });
  const longChat = wants('web') ? await seedLongChat(dataDir, seeded.userIds[webPair], seeded.userIds[webPair + 1], LONG_CHAT_MESSAGES) : null;
  if (longChat) ensureWebBuilt(root);
  const { proc, url } = await startServer({ dataDir });
  const pid = proc.pid!;
  console.log(`Server pid ${pid} at ${url}; ${os.cpus().length} cores; generator in its own process.\n`);

  /** Before a section: the server given back the garbage of a load section before it, so that no section measures another's leftovers. */
  let loaded = false;
  /** Whether the server gave back the garbage of the section before (true for the first section). */
  async function fromQuiet(): Promise<boolean> {
    const wasLoaded = loaded;
    loaded = true;
    if (!wasLoaded) return true;
    const before = await memoryOf(url, pid);
    const { seconds, settled } = await settle(url);
    console.log(`  from quiet: ${fmt(seconds, 0)} s after the section before (${before}); now ${await memoryOf(url, pid)}${settled ? '' : ' (not settled)'}`);
    return settled;
  }

  try {
    if (wants('fanout')) {
      await fromQuiet();
      console.log(`Group fan-out: 1,000 bound clients, one 1,000-member group, ${seconds} s per step`);
      const steps = await fanoutSteps(
        pid,
        { kind: 'fanout', url, tokens: seeded.tokens.slice(0, 1000), groupId: seeded.groupId, rates, seconds, allSteps, p95Budget: BUDGET.groupP95, over },
      );
      const passing = steps.filter((s) => s.pass);
      const best = passing.length ? passing[passing.length - 1].rate : 0;
      lines.push(
        `group fan-out        highest passing R = ${best}/s (${best * 1000} deliveries/s)   budget: R ≥ ${BUDGET.fanoutRate}/s   ${verdict(best >= BUDGET.fanoutRate)}`,
      );
      // the cost at the budget's load when that step ran, else at the highest step that ran
      const budgetRate = FANOUT_CPU_BUDGET.atDeliveriesPerSecond / 1000;
      const at = steps.find((s) => s.rate === budgetRate) ?? steps[steps.length - 1];
      const cost = at?.usPerDelivery ?? Number.NaN;
      const reached = at !== undefined && at.rate >= budgetRate && at.pass;
      lines.push(
        `fan-out CPU          ${fmt(cost, 2)} µs per delivery at R = ${at?.rate}/s (${(at?.rate ?? 0) * 1000} deliveries/s offered, ${fmt(at?.framesPerWrite ?? Number.NaN, 2)} frames/write, p95 ${at?.p95} ms)   budget: ≤ ${FANOUT_CPU_BUDGET.usPerDelivery} µs at ${FANOUT_CPU_BUDGET.atDeliveriesPerSecond.toLocaleString('en')} deliveries/s with p95 ≤ ${BUDGET.groupP95} ms   ${verdict(reached && cost <= FANOUT_CPU_BUDGET.usPerDelivery)}`,
      );
    }

    if (big) {
      const files = fileLimit();
      console.log(
        `\nGroups at the limit: ${big.tokens.length.toLocaleString('en')} bound clients, one ${big.tokens.length.toLocaleString('en')}-member group, ${BIG_GROUP.rate} msg/s for ${seconds} s (open-file limit ${files.soft}, hard ${files.hard}; the generator raises its own to the hard limit)`,
      );
      await fromQuiet();
      const [step] = await fanoutSteps(
        pid,
        { kind: 'fanout', url, tokens: big.tokens, groupId: big.groupId, rates: [BIG_GROUP.rate], seconds, p95Budget: BIG_GROUP.p95, over },
        Math.max(files.soft, Math.min(files.hard, 2 * big.tokens.length)),
      );
      lines.push(
        `group at the limit   p95 ${step.p95} ms at ${step.rate} msg/s to ${big.tokens.length.toLocaleString('en')} members (${(step.rate * big.tokens.length).toLocaleString('en')} deliveries/s, ${fmt(step.delivered * 100, 2)}% delivered, ${fmt(step.usPerDelivery, 2)} µs/delivery, event loop max ${fmt(step.loopMaxMs, 0)} ms)   budget: p95 ≤ ${BIG_GROUP.p95} ms   ${verdict(step.pass)}`,
        `group loop held      ${fmt(step.loopBusyMs, 0)} ms at most by the server's own work (of a longest delay of ${fmt(step.loopMaxMs, 0)} ms; the rest off the CPU, waiting to be scheduled beside the generator)   budget: ≤ ${BIG_GROUP.loopBusyMs} ms   ${verdict(step.loopBusyMs <= BIG_GROUP.loopBusyMs)}`,
      );
    }

    if (wants('private')) {
      console.log(`\nPrivate chat: ${BUDGET.privatePairs.toLocaleString('en')} friend pairs, ${privateRate.toLocaleString('en')} messages/s for 20 s (after a 5 s warm-up at the same rate)`);
      await fromQuiet();
      const window = { at: 0, cpu: 0, genCpu: 0, seconds: 0, serverCpu: 0, generatorCpu: 0 };
      const r = await runGenerator(
        { kind: 'private', url, tokens: seeded.tokens.slice(0, 2 * BUDGET.privatePairs), userIds: seeded.userIds.slice(0, 2 * BUDGET.privatePairs), rate: privateRate, seconds: 20, warmupSeconds: 5, over },
        (e, genPid) => {
          if (e.event === 'run-start') Object.assign(window, { at: Date.now(), cpu: cpuSeconds(pid), genCpu: cpuSeconds(genPid) });
          if (e.event === 'run-end') {
            window.seconds = (Date.now() - window.at) / 1000;
            window.serverCpu = cpuSeconds(pid) - window.cpu;
            window.generatorCpu = cpuSeconds(genPid) - window.genCpu;
          }
        },
      );
      const usPerMessage = (window.serverCpu * 1e6) / r.accepted;
      console.log(
        `  accepted ${r.accepted}/${r.sent}  received ${r.received}  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  ` +
          `server CPU ${fmt((window.serverCpu / window.seconds) * 100, 0)}% (${fmt(usPerMessage, 0)} µs per message)  generator CPU ${fmt((window.generatorCpu / window.seconds) * 100, 0)}%`,
      );
      lines.push(
        `private chat p95     ${r.p95} ms at ${r.rate} msg/s (received ${r.received}/${r.accepted})   budget: ≤ ${BUDGET.privateP95} ms at ${BUDGET.privateRate} msg/s   ${verdict(r.rate >= BUDGET.privateRate && r.p95 <= BUDGET.privateP95 && r.received >= r.accepted * 0.999)}`,
      );
    }

    if (wants('idle')) {
      const limit = fileLimit().soft;
      const sockets = Math.min(BUDGET.idleSockets, limit - IDLE_FD_HEADROOM);
      console.log(
        `\nIdle capacity: ${sockets.toLocaleString('en')} bound idle sockets held for 15 s` +
          (sockets < BUDGET.idleSockets ? ` (the budget's ${BUDGET.idleSockets.toLocaleString('en')} exceed this machine's open-file limit of ${limit.toLocaleString('en')} per process)` : ''),
      );
      // an unsettled server's garbage goes while the sockets bind: RSS before them would overstate the
      // start and understate each socket, and the projection would be meaningless
      const settled = await fromQuiet();
      const before = rssMb(pid);
      const peak = rssPeak(pid);
      const r = await runGenerator({ kind: 'idle', url, tokens: seeded.tokens, sockets, holdSeconds: 15 }, (e) => {
        if (e.event === 'idle-bound') console.log(`  ${e.sockets} sockets bound in ${fmt(e.seconds)} s`);
      });
      const rss = peak.stop();
      const perSocketKb = ((rss - before) * 1024) / r.sockets;
      const projected = before + (perSocketKb * BUDGET.idleSockets) / 1024;
      console.log(
        `  open at the end ${r.open}/${r.sockets}; server RSS ${fmt(before, 0)} MB before, peak ${fmt(rss, 0)} MB (${fmt(perSocketKb, 1)} kB per socket; ${BUDGET.idleSockets.toLocaleString('en')} sockets ≈ ${fmt(projected, 0)} MB)`,
      );
      const held = r.open === r.sockets;
      lines.push(
        sockets >= BUDGET.idleSockets
          ? `idle capacity        ${r.open} sockets, server peak RSS ${fmt(rss, 0)} MB   budget: ${BUDGET.idleSockets} sockets, ≤ ${BUDGET.idleRssMb} MB   ${verdict(held && rss <= BUDGET.idleRssMb)}`
          : `idle capacity        ${r.open} sockets (file limit ${limit}), peak RSS ${fmt(rss, 0)} MB; ${BUDGET.idleSockets} projected ${settled ? `${fmt(projected, 0)} MB` : 'not known (the server had not settled)'}   budget: ${BUDGET.idleSockets} sockets, ≤ ${BUDGET.idleRssMb} MB   ${settled && held && projected <= BUDGET.idleRssMb ? 'PASS (projected)' : 'FAIL'}`,
      );
    }
    if (searchLoad) {
      console.log(`\nLogin under load: 10 clients run searches for "e" over ${SEARCH_LOAD_MESSAGES.toLocaleString('en')} messages and 50-message forwards to 2 chats (the most one call may write); a login started every 100 ms for 20 s`);
      const job: StallJob & { kind: 'stall' } = {
        kind: 'stall',
        url,
        clients: seeded.tokens.slice(0, 10).map((token, i) => ({ token, friendId: seeded.userIds[i ^ 1] })),
        searchGroupId: searchLoad.groupId,
        firstMsgId: searchLoad.firstMsgId,
        lastMsgId: searchLoad.lastMsgId,
        loginAccounts: Array.from({ length: 200 }, (_, i) => `bench${2000 + i}`),
        warmupSeconds: 2,
        seconds: 20,
      };
      const r = await runGenerator(job, () => {}, 'bench/src/stall.ts');
      console.log(
        `  logins ${r.logins} (failed ${r.failed}${r.failed ? `: ${Object.entries(r.failures).map(([k, v]) => `${k} ×${v}`).join(', ')}` : ''})  p50 ${r.p50} ms  p95 ${r.p95} ms  max ${r.max} ms;  load: ${r.searches} searches, ${r.forwards} forwards, ${r.refused} refused${r.refused ? ` (${Object.entries(r.refusals).map(([k, v]) => `${k} ×${v}`).join(', ')})` : ''}`,
      );
      lines.push(`login p95 under load ${r.p95} ms (10 clients searching and forwarding)   budget: ≤ ${BUDGET.loginUnderLoadP95} ms   ${verdict(r.p95 <= BUDGET.loginUnderLoadP95 && r.failed === 0)}`);
    }

    if (wants('fuzz')) {
      const endpoints = endpointCases();
      const cases = fuzzCases(Math.ceil(fuzzBodies / endpoints.length), Date.now() % 1_000_000);
      console.log(`\nFuzz: ${cases.length.toLocaleString('en')} generated bodies (well-formed and hostile) over ${endpoints.length} endpoints, signed in`);
      let token = await registerFuzzer(url);
      const session = {
        token: () => token,
        renew: async () => {
          token = await registerFuzzer(url);
        },
      };
      const outcome = await fireFuzz(url, cases, session, 8);
      const alive = await fetch(`${url}/common/pub/getSystemInfo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      const statuses = Object.entries(outcome.byStatus).map(([k, v]) => `${k}: ${v}`).join(', ');
      console.log(`  answers by HTTP status: ${statuses}; server answering afterwards: ${alive.status === 200 ? 'yes' : 'NO'}`);
      for (const f of outcome.failures.slice(0, 5)) console.log(`  500 at ${f.path}: ${f.body} → ${f.answer}`);
      lines.push(`fuzz                 ${outcome.total} bodies, answers of 500: ${outcome.failures.length}   budget: ${BUDGET.fuzz500s}   ${verdict(outcome.failures.length === BUDGET.fuzz500s && alive.status === 200)}`);
    }
    if (history) lines.push(...(await measureHistory(url, seeded, history, 'SQLite')));
    if (wants('redpackets')) {
      console.log(`\nRed packets (opened ${over === 'socket' ? 'with call frames on bound sockets' : 'with HTTP POSTs'}): 1,000 clients open one 100-share packet at once; then 40 packets × 100 claims, 64 in flight`);
      const cpu0 = cpuSeconds(pid);
      const r = await benchRedPackets(url, seeded.tokens, seeded.groupId, over);
      const cpu = cpuSeconds(pid) - cpu0;
      const floor = await burstFloor(r.burst.clients);
      const b = r.burst;
      const exact = b.winners === 100 && b.sumExact && b.nobodyTwice;
      console.log(`  burst: ${b.winners} winners of ${b.clients}, sum exact ${b.sumExact}, nobody twice ${b.nobodyTwice}; p50 ${fmt(b.p50)} ms, p95 ${fmt(b.p95)} ms, p99 ${fmt(b.p99)} ms`);
      console.log(`  this machine's floor for such a burst (a bare node:http server that does nothing, same client): p95 ${fmt(floor)} ms`);
      console.log(`  sustained: ${r.sustained.claims} claims of ${r.sustained.packets} packets in ${fmt(r.sustained.seconds)} s (p95 ${fmt(r.sustained.p95)} ms, ${r.sustained.failures} not won); server CPU ${fmt(cpu)} s`);
      lines.push(
        `red packet burst     p95 ${fmt(b.p95)} ms (bare-server floor ${fmt(floor)} ms), exactly 100 winners: ${exact}   budget: ≤ ${CLAIM_BUDGET.burstP95} ms and exact   ${verdict(exact && b.p95 <= CLAIM_BUDGET.burstP95)}`,
        `red packet claims    ${fmt(r.sustained.perSecond, 0)} claims/s on SQLite   budget: ≥ ${CLAIM_BUDGET.claimsPerSecond}/s   ${verdict(r.sustained.perSecond >= CLAIM_BUDGET.claimsPerSecond && r.sustained.failures === 0)}`,
      );
    }
    if (longChat) {
      console.log(`\nWeb delivery: the built app in Chromium as user bench${webPair} (a ${LONG_CHAT_MESSAGES.toLocaleString('en')}-message chat with bench${webPair + 1})`);
      const r = await benchWeb({
        root,
        url,
        account: `bench${webPair}`,
        password: 'bench-pass',
        friendId: seeded.userIds[webPair + 1],
        lastMsgId: longChat.lastMsgId,
        messages: LONG_CHAT_MESSAGES,
        ...(args.includes('--profile') ? { tracePath: webTracePath() } : {}),
        ...(compareDist ? { compare: { dist: path.resolve(compareDist), rounds: Number(args[args.indexOf('--rounds') + 1]) || 10 } } : {}),
      });
      if (!compareDist) lines.push(...webSummary(r));
    }
  } finally {
    proc.kill('SIGTERM');
    if (!keepHistory) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (history) lines.push(...(await historyOnPostgres()));
  printSummary(lines);
}

/** The reader's calls on one database's server: printed, and the summary lines beside the budgets. */
async function measureHistory(url: string, seeded: Seeded, history: HistorySeed, database: 'SQLite' | 'PostgreSQL'): Promise<string[]> {
  const [load] = os.loadavg();
  console.log(`\nHistory on ${database}: ${history.total.toLocaleString('en')} messages over 100,000 chats; one reader in 1,000 of them, calls one at a time (load average ${fmt(load, 2)})`);
  const h = await benchHistory(url, seeded.tokens[seeded.userIds.indexOf(history.reader)], history);
  const at = `at ${(history.total / 1e6).toLocaleString('en')}M messages (${database})`;
  const m = h.medians;
  console.log(`  open a chat p95 ${fmt(h.openP95)} ms (median ${fmt(m.open)}); page back p95 ${fmt(h.pageP95)} ms (median ${fmt(m.page)}) over ${h.pages} pages; getContacts p95 ${fmt(h.contactsP95)} ms (median ${fmt(m.contacts)})`);
  console.log(`  search p95 ${fmt(h.searchP95)} ms (median ${fmt(m.search)}): a common word p95 ${fmt(h.searchP95By.common)}, a rare phrase ${fmt(h.searchP95By.rare)}, an absent one ${fmt(h.searchP95By.absent)}`);
  return [
    `history open chat    p95 ${fmt(h.openP95)} ms ${at}   budget: ≤ ${HISTORY_BUDGET.openP95} ms   ${verdict(h.openP95 <= HISTORY_BUDGET.openP95)}`,
    `history page back    p95 ${fmt(h.pageP95)} ms over ${h.pages} pages ${at}   budget: ≤ ${HISTORY_BUDGET.pageP95} ms   ${verdict(h.pageP95 <= HISTORY_BUDGET.pageP95)}`,
    `history contacts     p95 ${fmt(h.contactsP95)} ms, a user in 1,000 chats ${at}   budget: ≤ ${HISTORY_BUDGET.contactsP95} ms   ${verdict(h.contactsP95 <= HISTORY_BUDGET.contactsP95)}`,
    `history search       p95 ${fmt(h.searchP95)} ms, common, rare and absent keywords ${at}   budget: ≤ ${HISTORY_BUDGET.searchP95} ms   ${verdict(h.searchP95 <= HISTORY_BUDGET.searchP95)}`,
  ];
}

/** The history section again on PostgreSQL: the same seed in a fresh schema, a server of its own; the schema is dropped afterwards. */
async function historyOnPostgres(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-pg-'));
  const kept = keepHistory?.load('postgres') ?? null;
  const target = await postgresSchema(dataDir, keepHistory?.postgresSchema);
  if ('unreachable' in target) {
    console.log(`\nHistory on PostgreSQL skipped: PostgreSQL unreachable (${target.unreachable})`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return [`history (PostgreSQL)  skipped: PostgreSQL unreachable (${target.unreachable})`];
  }
  try {
    if (kept) console.log(`\nReusing the seeded history schema ${target.db.databaseSchema} on PostgreSQL`);
    else {
      console.log(`\nSeeding the history section on PostgreSQL (schema ${target.db.databaseSchema}) …`);
      // a kept schema whose seed did not complete is seeded again from nothing
      if (keepHistory) await target.drop();
    }
    const t0 = performance.now();
    const seeded = kept?.seeded ?? (await seed(target.db, 10_000, 1_000));
    const history = kept?.history ?? (await seedHistory(target.db, seeded.userIds, historyMessages));
    if (keepHistory && !kept) keepHistory.save('postgres', { seeded, history });
    if (!kept) console.log(`  seeded in ${fmt((performance.now() - t0) / 1000)} s`);
    const { proc, url } = await startServer(target.db);
    try {
      return await measureHistory(url, seeded, history, 'PostgreSQL');
    } finally {
      const exited = proc.exitCode === null && proc.signalCode === null ? once(proc, 'exit') : Promise.resolve();
      proc.kill('SIGTERM');
      // the schema is dropped only once the server has let go of its connections
      await exited;
    }
  } finally {
    if (!keepHistory) await target.drop();
    await target.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printSummary(lines: string[]): void {
  console.log('\nSummary (figure — budget — verdict)');
  for (const l of lines) console.log(`  ${l}`);
}

async function registerFuzzer(url: string): Promise<string> {
  const account = `fz${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const res = await fetch(`${url}/common/pub/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, nickname: 'Fuzzer', password: 'fuzz-pass-1', repassword: 'fuzz-pass-1' }),
  });
  const body = (await res.json()) as { code: number; data?: { authToken: string } };
  return body.data?.authToken ?? '';
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
