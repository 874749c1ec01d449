import { fenToYuan, type RedPacketLog, type redPacketLogBody } from '@parley/protocol';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { userCards } from '../users/directory.ts';
import { sumOf } from '../wallet/store.ts';
import { isLuckySql } from './store.ts';

type LogBody = z.output<typeof redPacketLogBody>;
type Item = RedPacketLog['items'][number];

/** Each row with its sender as the log shows them (a row whose sender has no user row is left out). */
async function withSenders<R extends { sender_id: number }>(db: Db, rows: R[]): Promise<{ r: R; sender: Item['sender'] }[]> {
  const cards = await userCards(db, rows.map((r) => r.sender_id));
  return rows.flatMap((r) => {
    const u = cards.get(r.sender_id);
    return u ? [{ r, sender: { id: u.id, displayName: u.nickname, avatar: u.avatar, avatar_color: u.avatar_color } }] : [];
  });
}

/** Red packets I received or sent in a (local) year, with the year's totals. */
export async function packetLog(db: Db, me: number, body: LogBody): Promise<RedPacketLog> {
  const shift = body.tzOffset * 60_000;
  const from = Date.UTC(body.year, 0, 1) + shift;
  const to = Date.UTC(body.year + 1, 0, 1) + shift;
  const offset = (body.page - 1) * body.limit;

  const received = db
    .selectFrom('red_packet_shares as s')
    .innerJoin('red_packets as p', 'p.msg_id', 's.packet_id')
    .where('s.claimed_by', '=', me)
    .where('s.claimed_at', '>=', from)
    .where('s.claimed_at', '<', to);
  const sent = db.selectFrom('red_packets as p').where('p.sender_id', '=', me).where('p.created_at', '>=', from).where('p.created_at', '<', to);

  const [recvTotals, sentTotals] = await Promise.all([
    received
      .select([sumOf('s.amount').as('total'), (eb) => eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(${isLuckySql}), 0)`.as('lucky')])
      .executeTakeFirstOrThrow(),
    sent.select([sumOf('p.total').as('total'), (eb) => eb.fn.countAll<number>().as('n')]).executeTakeFirstOrThrow(),
  ]);

  // both directions select the same columns: a claim's amount and time, or a sent packet's total and time
  const rows = await (body.direction === 'received'
    ? received
        .select(['p.msg_id', 'p.kind', 'p.count', 'p.claimed_count', 'p.status', 's.amount as amount', 's.claimed_at as time', 'p.sender_id', isLuckySql.as('lucky')])
        .orderBy('s.claimed_at', 'desc')
    : sent
        .select(['p.msg_id', 'p.kind', 'p.count', 'p.claimed_count', 'p.status', 'p.total as amount', 'p.created_at as time', 'p.sender_id', sql<number>`0`.as('lucky')])
        .orderBy('p.created_at', 'desc')
  )
    .limit(body.limit)
    .offset(offset)
    .execute();
  const items: Item[] = (await withSenders(db, rows)).map(({ r, sender }) => ({
    msg_id: Number(r.msg_id),
    kind: r.kind as Item['kind'],
    sender,
    amount: fenToYuan(Number(r.amount)),
    time: Number(r.time),
    lucky: Number(r.lucky) === 1,
    count: r.count,
    claimedCount: Number(r.claimed_count),
    status: r.status as Item['status'],
  }));
  return {
    year: body.year,
    received: { total: fenToYuan(Number(recvTotals.total)), count: Number(recvTotals.n), lucky: Number(recvTotals.lucky) },
    sent: { total: fenToYuan(Number(sentTotals.total)), count: Number(sentTotals.n) },
    items,
    itemCount: body.direction === 'received' ? Number(recvTotals.n) : Number(sentTotals.n),
  };
}
