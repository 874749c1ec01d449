import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { type Leg, post, SYSTEM_ACCOUNTS, userAccount } from '../wallet/ledger.ts';
import { walletStore } from '../wallet/store.ts';
import type { DeskPacket } from './desk.ts';

export interface ClaimJob {
  me: number;
  packet: DeskPacket;
  at: number;
}

export type ClaimResult =
  | { outcome: 'success'; amount: number; balance: number; finished: boolean }
  | { outcome: 'tooSlow' | 'expired'; amount: null }
  | { outcome: 'alreadyClaimed'; amount: number | null };

interface Win {
  job: ClaimJob;
  seq: number;
  amount?: number;
}

/**
 * The claims of one batch, written in one database transaction. The packets' rows are read (and
 * locked on PostgreSQL); the next stored shares of each go to its first claimers in arrival order;
 * each packet's count and total move once; escrow pays every winner in one ledger posting (a leg
 * per packet and per winner, each with its packet as ref). Claimers past the last share are too
 * slow, unless they hold a share already (claimed through another node): "already claimed". A person claiming twice breaks the unique (packet, claimer) index and rolls the batch back;
 * the caller then retries each claim alone.
 */
export async function writeClaims(db: Db, dialect: Dialect, jobs: ClaimJob[]): Promise<ClaimResult[]> {
  const byPacket = new Map<number, ClaimJob[]>();
  for (const j of jobs) byPacket.set(j.packet.msgId, [...(byPacket.get(j.packet.msgId) ?? []), j]);
  const results = new Map<ClaimJob, ClaimResult>();
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('red_packets')
      .select(['msg_id', 'status', 'claimed_count', 'count', 'expires_at'])
      .where('msg_id', 'in', [...byPacket.keys()])
      .$if(dialect === 'postgres', (q) => q.forUpdate())
      .execute();
    const wins: Win[] = [];
    const packets: Moved[] = [];
    /** the claimers past the last share (or of an expired packet) */
    const left: ClaimJob[] = [];
    for (const row of rows) {
      const claims = byPacket.get(Number(row.msg_id)) as ClaimJob[];
      const at = claims[0].at;
      const expired = row.status === 'expired' || (row.status === 'open' && Number(row.expires_at) <= at);
      const from = Number(row.claimed_count);
      const taking = row.status === 'open' && !expired ? Math.min(claims.length, row.count - from) : 0;
      claims.forEach((job, i) => {
        if (i >= taking) results.set(job, { outcome: expired ? 'expired' : 'tooSlow', amount: null });
      });
      left.push(...claims.slice(taking));
      if (taking === 0) continue;
      const packetWins = claims.slice(0, taking).map((job, i) => ({ job, seq: from + i + 1 }));
      wins.push(...packetWins);
      packets.push({ msgId: Number(row.msg_id), from, wins: packetWins, finished: from + taking >= row.count });
    }
    // one of them may hold a share already, claimed through another node: that answer comes first
    for (const [job, amount] of await sharesHeld(trx, left)) results.set(job, { outcome: 'alreadyClaimed', amount });
    if (wins.length === 0) return;
    // a first red packet opens the wallet (with the default payment password)
    await walletStore.ensureAll(trx, [...new Set(wins.map((w) => w.job.me))], jobs[0].at);
    await takeShares(trx, wins);
    const at = jobs[0].at;
    const sums = packets.map((p) => p.wins.reduce((t, w) => t + (w.amount as number), 0));
    await movePackets(trx, packets, sums, at);
    const legs: Leg[] = packets.flatMap((p, i) => [
      { account: SYSTEM_ACCOUNTS.escrow, amount: -sums[i], ref: p.msgId },
      ...p.wins.map((w) => ({ account: userAccount(w.job.me), amount: w.amount as number, ref: p.msgId })),
    ]);
    const balances = await post(trx, { kind: 'redpacket_receive', ref: packets.map((p) => p.msgId).join(','), legs, now: at });
    for (const p of packets) {
      for (const w of p.wins) {
        results.set(w.job, { outcome: 'success', amount: w.amount as number, balance: balances.get(w.job.me) as number, finished: p.finished });
      }
    }
  });
  return jobs.map((j) => results.get(j) as ClaimResult);
}

/** The claimers among `jobs` who hold a share of their packet already, with its amount. */
async function sharesHeld(trx: Db, jobs: ClaimJob[]): Promise<Map<ClaimJob, number>> {
  if (jobs.length === 0) return new Map();
  const rows = await trx
    .selectFrom('red_packet_shares')
    .select(['packet_id', 'claimed_by', 'amount'])
    .where('packet_id', 'in', [...new Set(jobs.map((j) => j.packet.msgId))])
    .where('claimed_by', 'in', [...new Set(jobs.map((j) => j.me))])
    .execute();
  const held = new Map(rows.map((r) => [`${r.packet_id}:${r.claimed_by}`, Number(r.amount)]));
  const found = new Map<ClaimJob, number>();
  for (const job of jobs) {
    const amount = held.get(`${job.packet.msgId}:${job.me}`);
    if (amount !== undefined) found.set(job, amount);
  }
  return found;
}

type Moved = { msgId: number; from: number; wins: Win[]; finished: boolean };

/** Each packet's count and total move by its winners, and a packet whose last share went is finished: one statement. */
async function movePackets(trx: Db, packets: Moved[], sums: number[], at: number): Promise<void> {
  const byPacket = <T>(value: (p: Moved, i: number) => T, cast: 'bigint' | 'text') =>
    sql<number>`case msg_id ${sql.join(
      packets.map((p, i) => sql`when ${p.msgId} then cast(${value(p, i)} as ${sql.raw(cast)})`),
      sql` `,
    )} end`;
  const finished = packets.filter((p) => p.finished).map((p) => p.msgId);
  await trx
    .updateTable('red_packets')
    .set((eb) => ({
      claimed_count: byPacket((p) => p.from + p.wins.length, 'bigint'),
      claimed_total: eb('claimed_total', '+', byPacket((_, i) => sums[i], 'bigint')),
      ...(finished.length > 0
        ? {
            status: eb.case().when('msg_id', 'in', finished).then('finished').else(eb.ref('status')).end(),
            finished_at: eb.case().when('msg_id', 'in', finished).then(at).else(eb.ref('finished_at')).end(),
          }
        : {}),
    }))
    .where(
      'msg_id',
      'in',
      packets.map((p) => p.msgId),
    )
    .execute();
}

/** Marks every won share claimed in one statement and reads its amount into `wins`. */
async function takeShares(trx: Db, wins: Win[]): Promise<void> {
  const claimerOf = sql<number>`case ${sql.join(
    wins.map((w) => sql`when packet_id = ${w.job.packet.msgId} and seq = ${w.seq} then cast(${w.job.me} as bigint)`),
    sql` `,
  )} end`;
  const shares = await trx
    .updateTable('red_packet_shares')
    .set({ claimed_by: claimerOf, claimed_at: wins[0].job.at })
    .where((eb) => eb.or(wins.map((w) => eb.and([eb('packet_id', '=', w.job.packet.msgId), eb('seq', '=', w.seq)]))))
    .returning(['packet_id', 'seq', 'amount'])
    .execute();
  const amountOf = new Map(shares.map((s) => [`${s.packet_id}:${s.seq}`, Number(s.amount)]));
  for (const w of wins) w.amount = amountOf.get(`${w.job.packet.msgId}:${w.seq}`);
}
