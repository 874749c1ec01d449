/**
 * The "one user stalls everyone" load (issue 9): ten signed-in clients run expensive searches and
 * 100-message forwards back to back while a prober starts a login every 100 ms (open loop: a slow
 * answer does not delay the next login, so a stall shows in every login it holds up) and times each.
 * A separate process (like generator.ts): reads its job from the file named on argv, prints JSON lines.
 */
import { readFileSync } from 'node:fs';
import { percentile } from './procstat.ts';

export interface StallJob {
  url: string;
  /** the ten load clients: token, and the friend each forwards to */
  clients: { token: string; friendId: number }[];
  searchGroupId: number;
  firstMsgId: number;
  lastMsgId: number;
  /** accounts the prober signs in with (password bench-pass) */
  loginAccounts: string[];
  warmupSeconds: number;
  seconds: number;
}

const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as StallJob;
const emit = (e: object) => process.stdout.write(`${JSON.stringify(e)}\n`);

async function post(path: string, body: unknown, token?: string): Promise<{ status: number; code: number }> {
  const res = await fetch(job.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let code = Number.NaN;
  try {
    code = (JSON.parse(text) as { code: number }).code;
  } catch {
    // not JSON (a proxy page, a 503 from under-pressure): counted by status
  }
  return { status: res.status, code };
}

const counts = { searches: 0, forwards: 0, refused: 0 };
const PROBE_EVERY_MS = 100;
let stop = false;

async function loadClient(c: StallJob['clients'][number], n: number): Promise<void> {
  for (let i = 0; !stop; i++) {
    const res =
      (i + n) % 2 === 0
        ? await post('/enterprise/im/searchMessages', { keywords: 'e' }, c.token)
        : await post(
            '/enterprise/im/forwardMessage',
            {
              msg_ids: Array.from({ length: 100 }, () => job.firstMsgId + Math.floor(Math.random() * (job.lastMsgId - job.firstMsgId))),
              user_ids: [`group-${job.searchGroupId}`, c.friendId],
            },
            c.token,
          ).catch(() => ({ status: 0, code: Number.NaN }));
    if (res.code === 0) (i + n) % 2 === 0 ? counts.searches++ : counts.forwards++;
    else counts.refused++;
  }
}

async function main(): Promise<void> {
  const load = job.clients.map((c, n) => loadClient(c, n));
  await new Promise((r) => setTimeout(r, job.warmupSeconds * 1000));
  const latencies: number[] = [];
  let failed = 0;
  const logins: Promise<void>[] = [];
  const probes = Math.round((job.seconds * 1000) / PROBE_EVERY_MS);
  for (let i = 0; i < probes; i++) {
    const account = job.loginAccounts[i % job.loginAccounts.length];
    logins.push(
      (async () => {
        const started = performance.now();
        const res = await post('/common/pub/login', { account, password: 'bench-pass', isMobile: 0 }).catch(() => ({ status: 0, code: Number.NaN }));
        latencies.push(performance.now() - started);
        if (res.code !== 0) failed++;
      })(),
    );
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
  stop = true;
  await Promise.all([...logins, ...load]);
  latencies.sort((a, b) => a - b);
  emit({
    event: 'done',
    result: {
      logins: latencies.length,
      failed,
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      max: Math.round(latencies[latencies.length - 1] ?? Number.NaN),
      ...counts,
    },
  });
}

main().catch((err) => {
  emit({ event: 'error', message: String(err) });
  process.exit(1);
});
