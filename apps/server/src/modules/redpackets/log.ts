import { fenToYuan, type RedPacketLog, type redPacketLogBody } from '@parley/protocol';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { sumOf } from '../wallet/store.ts';
import { isLuckySql } from './store.ts';

type LogBody = z.output<typeof redPacketLogBody>;
type Item = RedPacketLog['items'][number];

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

  let items: Item[];
  if (body.direction === 'received') {
    const rows = await received
      .innerJoin('users as u', 'u.id', 'p.sender_id')
      .select([
        'p.msg_id',
        'p.kind',
        'p.count',
        'p.claimed_count',
        'p.status',
        's.amount',
        's.claimed_at',
        'u.id as uid',
        'u.nickname',
        'u.avatar',
        'u.avatar_color',
        isLuckySql.as('lucky'),
      ])
      .orderBy('s.claimed_at', 'desc')
      .limit(body.limit)
      .offset(offset)
      .execute();
    items = rows.map((r) => ({
      msg_id: Number(r.msg_id),
      kind: r.kind as Item['kind'],
      sender: { id: r.uid, displayName: r.nickname, avatar: r.avatar, avatar_color: r.avatar_color },
      amount: fenToYuan(Number(r.amount)),
      time: Number(r.claimed_at),
      lucky: Number(r.lucky) === 1,
      count: r.count,
      claimedCount: Number(r.claimed_count),
      status: r.status as Item['status'],
    }));
  } else {
    const rows = await sent
      .innerJoin('users as u', 'u.id', 'p.sender_id')
      .select(['p.msg_id', 'p.kind', 'p.count', 'p.claimed_count', 'p.status', 'p.total', 'p.created_at', 'u.id as uid', 'u.nickname', 'u.avatar', 'u.avatar_color'])
      .orderBy('p.created_at', 'desc')
      .limit(body.limit)
      .offset(offset)
      .execute();
    items = rows.map((r) => ({
      msg_id: Number(r.msg_id),
      kind: r.kind as Item['kind'],
      sender: { id: r.uid, displayName: r.nickname, avatar: r.avatar, avatar_color: r.avatar_color },
      amount: fenToYuan(Number(r.total)),
      time: Number(r.created_at),
      lucky: false,
      count: r.count,
      claimedCount: Number(r.claimed_count),
      status: r.status as Item['status'],
    }));
  }
  return {
    year: body.year,
    received: { total: fenToYuan(Number(recvTotals.total)), count: Number(recvTotals.n), lucky: Number(recvTotals.lucky) },
    sent: { total: fenToYuan(Number(sentTotals.total)), count: Number(sentTotals.n) },
    items,
    itemCount: body.direction === 'received' ? Number(recvTotals.n) : Number(sentTotals.n),
  };
}
