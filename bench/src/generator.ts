/**
 * The load generator: a separate process that holds the client sockets and sends through them (or
 * through the HTTP API). It reads one JSON job from the file named on argv and prints JSON lines on stdout.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type EndpointBody, groupContactId } from '@parley/protocol';
import { Agent, request } from 'undici';
import { percentile } from './procstat.ts';
import { type Client, connectAll, socketCaller } from './boundSockets.ts';

/** How clients send: a `call` frame on their bound socket (as the web app does), or an HTTP POST. */
export type SendsOver = 'socket' | 'http';

export type Job =
  | { kind: 'fanout'; url: string; tokens: string[]; groupId: number; rates: number[]; seconds: number; allSteps?: boolean; p95Budget?: number; over: SendsOver }
  | { kind: 'private'; url: string; tokens: string[]; userIds: number[]; rate: number; seconds: number; warmupSeconds: number; over: SendsOver }
  | { kind: 'idle'; url: string; tokens: string[]; sockets: number; holdSeconds: number };

const MARK = Buffer.from('"content":"b:');

/** Reads `b:<step>:<sentAt>` out of a pushed frame without decoding the whole frame. */
function markOf(frame: Buffer): [step: number, sentAt: number] | null {
  const at = frame.indexOf(MARK);
  if (at < 0) return null;
  let i = at + MARK.length;
  let step = 0;
  while (frame[i] !== 58 /* : */) step = step * 10 + frame[i++] - 48;
  i++;
  let sentAt = 0;
  while (frame[i] !== 34 /* " */) sentAt = sentAt * 10 + frame[i++] - 48;
  return [step, sentAt];
}

const agent = new Agent({ connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });

const caller = socketCaller();

/** Sends one message as `client` (holding `token`), over its socket or over HTTP; true when accepted. */
async function send(over: SendsOver, url: string, token: string, client: Client, body: EndpointBody<'sendMessage'>): Promise<boolean> {
  if (over === 'socket') return (await caller.call(client, 'sendMessage', body)).code === 0;
  return sendOverHttp(url, token, body, client.clientId);
}

async function sendOverHttp(url: string, token: string, body: object, clientId: string): Promise<boolean> {
  try {
    const res = await request(`${url}/enterprise/im/sendMessage`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', authorization: token, clientid: clientId },
      body: JSON.stringify(body),
    });
    const json = (await res.body.json()) as { code: number };
    return json.code === 0;
  } catch {
    return false;
  }
}

/** Sends `rate` messages per second for `seconds`, spreading them evenly; returns accepted count. */
async function paced(rate: number, seconds: number, sendOne: (seq: number) => Promise<boolean>): Promise<number> {
  const total = rate * seconds;
  const start = performance.now();
  let accepted = 0;
  const inflight: Promise<void>[] = [];
  for (let seq = 0; seq < total; seq++) {
    const due = start + (seq * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      sendOne(seq).then((ok) => {
        if (ok) accepted++;
      }),
    );
  }
  await Promise.all(inflight);
  return accepted;
}

async function fanout(job: Extract<Job, { kind: 'fanout' }>) {
  let step = 0;
  let latencies: number[] = [];
  let received = 0;
  const clients = await connectAll(job.url, job.tokens, (frame) => {
    const m = markOf(frame);
    if (!m || m[0] !== step) return;
    received++;
    latencies.push(Date.now() - m[1]);
  }, 200, caller.onAnswer);
  // a message is not pushed back to the socket that sent it (over HTTP: the socket its clientId names)
  const pushedTo = clients.length - 1;
  const results = [];
  for (const rate of job.rates) {
    step++;
    latencies = [];
    received = 0;
    const closedBefore = clients.filter((c) => c.closed).length;
    emit({ event: 'step-start', rate });
    const accepted = await paced(rate, job.seconds, (seq) =>
      send(job.over, job.url, job.tokens[seq % job.tokens.length], clients[seq % job.tokens.length], {
        id: randomUUID(),
        toContactId: groupContactId(job.groupId),
        is_group: 1,
        type: 'text',
        content: `b:${step}:${Date.now()}`,
      }),
    );
    const expected = accepted * pushedTo;
    const drainUntil = Date.now() + 5_000;
    while (received < expected && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));
    const sorted = latencies.sort((a, b) => a - b);
    const disconnects = clients.filter((c) => c.closed).length - closedBefore;
    const result = {
      rate,
      sent: rate * job.seconds,
      accepted,
      expected,
      received,
      delivered: expected === 0 ? 0 : received / expected,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      disconnects,
    };
    results.push(result);
    emit({ event: 'step-end', ...result });
    const pass = result.delivered >= 0.999 && disconnects === 0 && result.p95 <= (job.p95Budget ?? 200) && accepted === result.sent;
    if (!pass && !job.allSteps) break;
  }
  for (const c of clients) c.ws.close();
  return results;
}

async function privateChat(job: Extract<Job, { kind: 'private' }>) {
  const latencies: number[] = [];
  let received = 0;
  let step = 0;
  const clients = await connectAll(job.url, job.tokens, (frame) => {
    const m = markOf(frame);
    if (!m || m[0] === 0) return; // warm-up traffic
    received++;
    latencies.push(Date.now() - m[1]);
  }, 200, caller.onAnswer);
  // Pairs (2i, 2i+1) are friends. Only the recipient's socket is counted: the sender sends from its
  // own socket (or with that socket's client id over HTTP) so that its own device is skipped.
  const sendOne = (seq: number) => {
    const pair = seq % (job.tokens.length / 2);
    const fromA = Math.floor(seq / (job.tokens.length / 2)) % 2 === 0;
    const from = fromA ? 2 * pair : 2 * pair + 1;
    const to = fromA ? 2 * pair + 1 : 2 * pair;
    return send(
      job.over,
      job.url,
      job.tokens[from],
      clients[from],
      {
        id: randomUUID(),
        toContactId: job.userIds[to],
        is_group: 0,
        type: 'text',
        content: `b:${step}:${Date.now()}`,
      },
    );
  };
  // Warm-up at the same rate (a fresh process compiles its hot paths and opens its HTTP pool in the
  // first seconds); only the run after it is measured.
  await paced(job.rate, job.warmupSeconds, sendOne);
  await new Promise((r) => setTimeout(r, 1000));
  step = 1;
  emit({ event: 'run-start' });
  const accepted = await paced(job.rate, job.seconds, sendOne);
  emit({ event: 'run-end' });
  const drainUntil = Date.now() + 5_000;
  while (received < accepted && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));
  const sorted = latencies.sort((a, b) => a - b);
  for (const c of clients) c.ws.close();
  return {
    rate: job.rate,
    sent: job.rate * job.seconds,
    accepted,
    received,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

async function idle(job: Extract<Job, { kind: 'idle' }>) {
  const tokens = Array.from({ length: job.sockets }, (_, i) => job.tokens[i % job.tokens.length]);
  const started = Date.now();
  const clients = await connectAll(job.url, tokens, () => {}, 250);
  emit({ event: 'idle-bound', sockets: clients.length, seconds: (Date.now() - started) / 1000 });
  await new Promise((r) => setTimeout(r, job.holdSeconds * 1000));
  const open = clients.filter((c) => !c.closed).length;
  for (const c of clients) c.ws.close();
  return { sockets: clients.length, open };
}

function emit(obj: object) {
  process.stdout.write(`${JSON.stringify(obj)}\n`);
}

const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Job;
const run = job.kind === 'fanout' ? fanout(job) : job.kind === 'private' ? privateChat(job) : idle(job);
run.then(
  (result) => {
    emit({ event: 'done', result });
    process.exit(0);
  },
  (err) => {
    emit({ event: 'error', message: String(err?.stack ?? err) });
    process.exit(1);
  },
);
