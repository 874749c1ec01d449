/**
 * The "one user stalls everyone" load (issue 9): ten signed-in clients run expensive searches and
 * the largest forwards allowed (FORWARD_MAX_WRITES: 50 messages to 2 chats) back to back while a prober starts a login every 100 ms (open loop: a slow
 * answer does not delay the next login, so a stall shows in every login it holds up) and times each.
 * A separate process (like generator.ts): reads its job from the file named on argv, prints JSON lines.
 */
import { readFileSync } from 'node:fs';
import { FORWARD_MAX_WRITES } from '@parley/protocol';
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

async function post(path: string, body: unknown, token?: string, from?: string): Promise<{ status: number; code: number; key?: string }> {
  const res = await fetch(job.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let code = Number.NaN;
  let key: string | undefined;
  try {
    ({ code, key } = JSON.parse(text) as { code: number; key?: string });
  } catch {
    // not JSON (a proxy page, a 503 from under-pressure): counted by status
  }
  return { status: res.status, code, key };
}

/** the largest forward one call may make: messages × the two chats it goes to */
const FORWARD_MSGS = FORWARD_MAX_WRITES / 2;

const counts = { searches: 0, forwards: 0, refused: 0, refusals: {} as Record<string, number> };
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
              msg_ids: Array.from({ length: FORWARD_MSGS }, () => job.firstMsgId + Math.floor(Math.random() * (job.lastMsgId - job.firstMsgId))),
              user_ids: [`group-${job.searchGroupId}`, c.friendId],
            },
            c.token,
          ).catch(() => ({ status: 0, code: Number.NaN }));
    if (res.code === 0) (i + n) % 2 === 0 ? counts.searches++ : counts.forwards++;
    else {
      counts.refused++;
      const why = `${res.status}/${'key' in res ? (res.key ?? res.code) : res.code}`;
      counts.refusals[why] = (counts.refusals[why] ?? 0) + 1;
    }
  }
}

async function main(): Promise<void> {
  const load = job.clients.map((c, n) => loadClient(c, n));
  await new Promise((r) => setTimeout(r, job.warmupSeconds * 1000));
  const latencies: number[] = [];
  let failed = 0;
  const failures: Record<string, number> = {};
  const logins: Promise<void>[] = [];
  const probes = Math.round((job.seconds * 1000) / PROBE_EVERY_MS);
  for (let i = 0; i < probes; i++) {
    const account = job.loginAccounts[i % job.loginAccounts.length];
    logins.push(
      (async () => {
        const started = performance.now();
        // people sign in from their own addresses: the per-address limit counts sign-ins in flight, and
        // a hundred in flight from one address would be refused by it, not by a stall
        const from = `10.${(i >> 8) & 255}.${i & 255}.1`;
        const res = await post('/common/pub/login', { account, password: 'bench-pass', isMobile: 0 }, undefined, from).catch(() => ({
          status: 0,
          code: Number.NaN,
        }));
        latencies.push(performance.now() - started);
        if (res.code !== 0) {
          failed++;
          const why = `${res.status}/${'key' in res ? (res.key ?? res.code) : res.code}`;
          failures[why] = (failures[why] ?? 0) + 1;
        }
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
      failures,
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
