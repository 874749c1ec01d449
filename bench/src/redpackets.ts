import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { type EndpointBody, type EndpointData, type EndpointName, endpoints } from '@parley/protocol';
import { type Client, connectAll, socketCaller } from './boundSockets.ts';
import type { SendsOver } from './generator.ts';

/**
 * Red-packet claims against the running server: a burst (1,000 clients open one 100-share packet at
 * once: p95 latency and exactly 100 winners with the exact sum) and a sustained run (many packets,
 * a fixed number of claims in flight: claims per second). Clients open packets as the web app does,
 * with a `call` frame on their bound socket, or with HTTP POSTs (`over: 'http'`).
 */

export const CLAIM_BUDGET = { burstP95: 100, claimsPerSecond: 2_000 };

/** One keep-alive connection per client, as 1,000 open apps have; undici's `request` costs the generator far less than `fetch`. */
const agent = new Agent({ connections: 1_000, pipelining: 1, keepAliveTimeout: 60_000 });

async function call<K extends EndpointName>(url: string, token: string, name: K, body: EndpointBody<K>): Promise<EndpointData<K>> {
  const res = await request(url + endpoints[name].path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
    dispatcher: agent,
  });
  const answer = (await res.body.json()) as { code: number; msg: string; data: EndpointData<K> };
  if (answer.code !== 0) throw new Error(`${name}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export interface ClaimFigures {
  burst: { clients: number; winners: number; sumExact: boolean; nobodyTwice: boolean; p50: number; p95: number; p99: number };
  sustained: { claims: number; packets: number; seconds: number; perSecond: number; p95: number; failures: number };
}

export async function benchRedPackets(url: string, tokens: string[], groupId: number, over: SendsOver, packets = 40, inFlight = 64): Promise<ClaimFigures> {
  const sender = tokens[0];
  const caller = socketCaller();
  const sockets: Client[] = over === 'socket' ? await connectAll(url, tokens.slice(0, 1000), () => {}, 200, caller.onAnswer) : [];
  /** client `i` (holding tokens[i]) opens a packet */
  const open = async (i: number, msgId: number): Promise<EndpointData<'openRedPacket'>> => {
    if (over === 'http') return call(url, tokens[i], 'openRedPacket', { msg_id: msgId });
    const answer = await caller.call(sockets[i], 'openRedPacket', { msg_id: msgId });
    if (answer.code !== 0) throw new Error(`openRedPacket: ${answer.code} ${answer.msg}`);
    return answer.data as EndpointData<'openRedPacket'>;
  };
  const to = `group-${groupId}`;
  await call(url, sender, 'openWallet', {});
  await call(url, sender, 'recharge', { amount: '50000' });
  const send = async (amount: string) =>
    (await call(url, sender, 'sendRedPacket', { id: randomUUID(), toContactId: to, is_group: 1, kind: 'random', amount, count: 100, password: '000000' })).message
      .msg_id as number;

  // the burst: every client fires at once, over the connection it already has (as an open app does)
  // a running server has served opens before: one packet is opened by every client first, so the
  // burst measures the claim path compiled, not V8 compiling it
  const clients = tokens.slice(0, 1000);
  const warmUp = await send('100.00');
  await Promise.all(clients.map((_token, i) => open(i, warmUp)));
  const burstPacket = await send('100.00');
  await Promise.all(clients.map((token) => call(url, token, 'getRedPacket', { msg_id: burstPacket })));
  const times: number[] = [];
  const answers = await Promise.all(
    clients.map(async (_token, i) => {
      const t0 = performance.now();
      const r = await open(i, burstPacket);
      times.push(performance.now() - t0);
      return r;
    }),
  );
  const winners = answers.filter((a) => a.outcome === 'success');
  const sumFen = winners.reduce((s, a) => s + Math.round(Number(a.amount) * 100), 0);
  const details = await call(url, sender, 'getRedPacket', { msg_id: burstPacket });
  const claimers = new Set(details.claims.map((c) => c.user.id));
  times.sort((x, y) => x - y);

  // sustained: many packets, each opened by 100 different clients, `inFlight` claims at a time
  const ids: number[] = [];
  for (let i = 0; i < packets; i++) ids.push(await send('100.00'));
  const work: { client: number; msgId: number }[] = [];
  for (let k = 0; k < 100; k++) for (const [j, msgId] of ids.entries()) work.push({ client: (k * 7 + j) % 1000, msgId });
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < work.length) {
        const job = work[next++];
        const t0 = performance.now();
        const r = await open(job.client, job.msgId);
        latencies.push(performance.now() - t0);
        if (r.outcome !== 'success') failures++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((x, y) => x - y);
  for (const socket of sockets) socket.ws.close();
  return {
    burst: {
      clients: clients.length,
      winners: winners.length,
      sumExact: sumFen === 10_000 && details.claimedTotal === '100.00',
      nobodyTwice: claimers.size === details.claims.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
    },
    sustained: { claims: work.length, packets, seconds, perSecond: work.length / seconds, p95: percentile(latencies, 95), failures },
  };
}
