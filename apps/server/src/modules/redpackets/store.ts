import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { RedPacketsTable } from '../../db/schema.ts';

/** SQL of the red-packet module. Every function takes the connection to use (`db` or a transaction). */

export type PacketRow = Omit<RedPacketsTable, 'claimed_count' | 'claimed_total' | 'refunded'> & {
  claimed_count: number;
  claimed_total: number;
  refunded: number;
};

/** A claimed share is the lucky one: no share of its packet is larger, none as large claimed earlier. */
export const isLuckySql = sql<number>`case when p.status = 'finished' and p.kind = 'random' and p.count > 1 and not exists (
  select 1 from red_packet_shares o where o.packet_id = s.packet_id
  and (o.amount > s.amount or (o.amount = s.amount and o.seq < s.seq))) then 1 else 0 end`;

export const redPacketStore = {
  async insert(trx: Db, packet: PacketRow, shares: number[]): Promise<void> {
    await trx.insertInto('red_packets').values(packet).execute();
    await trx
      .insertInto('red_packet_shares')
      .values(shares.map((amount, i) => ({ packet_id: packet.msg_id, seq: i + 1, amount, claimed_by: null, claimed_at: null })))
      .execute();
  },

  async packet(db: Db, msgId: number): Promise<PacketRow | undefined> {
    return (await db.selectFrom('red_packets').selectAll().where('msg_id', '=', msgId).executeTakeFirst()) as PacketRow | undefined;
  },

  async shareOf(db: Db, msgId: number, userId: number) {
    return db
      .selectFrom('red_packet_shares')
      .select(['seq', 'amount'])
      .where('packet_id', '=', msgId)
      .where('claimed_by', '=', userId)
      .executeTakeFirst();
  },

  /** The claims of a packet in claim order (after share `afterSeq`), with the claimers' names. */
  async claims(db: Db, msgId: number, afterSeq = 0) {
    return db
      .selectFrom('red_packet_shares as s')
      .innerJoin('users as u', 'u.id', 's.claimed_by')
      .select(['s.seq', 's.amount', 's.claimed_at', 'u.id', 'u.nickname', 'u.avatar', 'u.avatar_color'])
      .where('s.packet_id', '=', msgId)
      .where('s.seq', '>', afterSeq)
      .where('s.claimed_by', 'is not', null)
      .orderBy('s.seq')
      .execute();
  },

  /** Packets past their time that still hold money. */
  async due(db: Db, now: number, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('red_packets')
      .select('msg_id')
      .where('status', '=', 'open')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.msg_id));
  },

  /** Closes an expired packet (once): what was not claimed is refunded. */
  async expire(trx: Db, msgId: number, now: number) {
    return trx
      .updateTable('red_packets')
      .set((eb) => ({ status: 'expired', refunded: eb('total', '-', eb.ref('claimed_total')) }))
      .where('msg_id', '=', msgId)
      .where('status', '=', 'open')
      .where('expires_at', '<=', now)
      .returning(['sender_id', 'refunded', 'is_group', 'group_id', 'to_user'])
      .executeTakeFirst();
  },
};
