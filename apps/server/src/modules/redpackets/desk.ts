import type { Db } from '../../db/index.ts';
import type { ClaimRow } from './claimsCache.ts';
import { redPacketStore } from './store.ts';

/**
 * What this node knows of the packets it has served, so that most opens of a busy packet are
 * answered from memory: who may open it (facts that never change), whether it is closed, and who
 * claimed what. Closing and claiming never revert, so these facts stay true whatever other nodes
 * do; what this node has not seen yet is settled by the claim's transaction.
 */
export interface DeskPacket {
  msgId: number;
  senderId: number;
  isGroup: boolean;
  groupId: number | null;
  toUser: number | null;
  count: number;
  expiresAt: number;
  closed: 'finished' | 'expired' | null;
  /** fen taken by each claimer this node knows of */
  claimers: Map<number, number>;
  /** opens of this packet waiting for their batch, by user: a second open of mine waits for the first */
  pending: Map<number, Promise<unknown>>;
}

const PACKETS_MAX = 2_000;

export function claimDesk(db: Db, claimsOf: (msgId: number, senderId: number, claimedCount: number) => Promise<{ claims: ClaimRow[] }>) {
  const packets = new Map<number, DeskPacket>();
  const loading = new Map<number, Promise<DeskPacket | null>>();

  async function load(msgId: number): Promise<DeskPacket | null> {
    const row = await redPacketStore.packet(db, msgId);
    if (!row) return null;
    const { claims } = await claimsOf(msgId, row.sender_id, Number(row.claimed_count));
    const closed = row.status === 'open' ? null : (row.status as 'finished' | 'expired');
    const packet: DeskPacket = {
      msgId,
      senderId: row.sender_id,
      isGroup: row.is_group === 1,
      groupId: row.group_id === null ? null : Number(row.group_id),
      toUser: row.to_user === null ? null : Number(row.to_user),
      count: row.count,
      expiresAt: Number(row.expires_at),
      closed,
      claimers: new Map(claims.map((c) => [c.id, Number(c.amount)])),
      pending: new Map(),
    };
    if (packets.size >= PACKETS_MAX) packets.delete(packets.keys().next().value as number);
    packets.set(msgId, packet);
    return packet;
  }

  return {
    /** The packet, read once per node (concurrent first opens share one read); null when there is none. */
    async get(msgId: number): Promise<DeskPacket | null> {
      const known = packets.get(msgId);
      if (known) return known;
      let inFlight = loading.get(msgId);
      if (!inFlight) {
        inFlight = load(msgId).finally(() => loading.delete(msgId));
        loading.set(msgId, inFlight);
      }
      return inFlight;
    },
  };
}

export type ClaimDesk = ReturnType<typeof claimDesk>;
