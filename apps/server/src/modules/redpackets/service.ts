import {
  type ChatMessage,
  checkRedPacketNumber,
  fenToYuan,
  groupContactId,
  luckyIndex,
  type OpenOutcome,
  parseGroupContactId,
  RED_PACKET_BLESSING_MAX,
  RED_PACKET_EXPIRY_MS,
  type RedPacketDetails,
  type RedPacketLog,
  type RedPacketStatus,
  redPacketSplitProblem,
  splitFixed,
  splitRandom,
} from '@parley/protocol';
import type { z } from 'zod';
import type { openRedPacketData, redPacketLogBody, sendRedPacketBody } from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { batcher } from '../../db/batcher.ts';
import { DomainError, fail } from '../../domainError.ts';
import type { MessageService } from '../messages/service.ts';
import { userCards } from '../users/directory.ts';
import { amountFen, type WalletService } from '../wallet/service.ts';
import { type ClaimJob, type ClaimResult, writeClaims } from './claimBatch.ts';
import { claimsCache } from './claimsCache.ts';
import { claimDesk, type DeskPacket } from './desk.ts';
import { packetLog } from './log.ts';
import { type PacketRow, redPacketStore } from './store.ts';
import type { OwnSocket } from '../../realtime/ownSocket.ts';

type SendBody = z.output<typeof sendRedPacketBody>;
type OpenAnswer = z.output<typeof openRedPacketData>;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint/i.test(e?.message ?? '');
}

/** The fen of each share, checked against spec §5 and the limits. */
export function sharesFor(body: Pick<SendBody, 'kind' | 'amount' | 'count' | 'is_group'>): number[] {
  if (checkRedPacketNumber(body.count as string | number)) throw fail('redpackets.countInvalid');
  const count = Number(String(body.count).trim());
  const fen = amountFen(body.amount);
  const problem = redPacketSplitProblem(body.kind, fen, count, body.is_group === 1);
  if (problem) throw fail(problem.key, 'params' in problem ? problem.params : undefined);
  return body.kind === 'fixed' ? splitFixed(fen, count) : splitRandom(fen, count);
}

/** A packet's target as its message names it: `group-<n>` for a group (given as its number or contact id), the user id otherwise. */
const targetId = (toContactId: string | number, isGroup: boolean): string =>
  isGroup ? groupContactId(parseGroupContactId(toContactId) ?? Number(toContactId)) : String(toContactId);

export function redPacketService(ctx: AppContext, messages: MessageService, wallet: WalletService, now: () => number = Date.now) {
  const db = ctx.db;
  const claimsOf = claimsCache(db, now);
  const desk = claimDesk(db, claimsOf.of);

  async function send(me: number, body: SendBody, exceptClientId?: OwnSocket): Promise<{ message: ChatMessage; balance: string }> {
    const isGroup = body.is_group === 1 || parseGroupContactId(body.toContactId) !== null;
    if (!isGroup && Number(body.toContactId) === me) throw fail('redpackets.toSelf');
    const shares = sharesFor({ ...body, is_group: isGroup ? 1 : 0 });
    const blessing = body.blessing.trim();
    if ([...blessing].length > RED_PACKET_BLESSING_MAX) throw fail('redpackets.blessingTooLong', { max: RED_PACKET_BLESSING_MAX });
    const total = shares.reduce((a, b) => a + b, 0);
    await wallet.checkPaymentPassword(me, body.password);
    let balance: number | undefined;
    let created = false;
    const at = now();
    const message = await messages.sendComposed(
      me,
      {
        id: body.id,
        toContactId: body.toContactId,
        is_group: isGroup ? 1 : 0,
        type: 'red_packet',
        content: blessing,
        extends: { kind: body.kind, count: shares.length, cover: body.cover, blessing },
      },
      async (trx, [stored]) => {
        if (!stored.created) return; // the same client id again: it was paid the first time
        created = true;
        const paid = await wallet.transfer(trx, {
          kind: 'redpacket_send',
          ref: stored.msgId,
          from: wallet.userAccount(me),
          to: wallet.accounts.escrow,
          amount: total,
          now: at,
        });
        balance = paid.get(me);
        const packet: PacketRow = {
          msg_id: stored.msgId,
          sender_id: me,
          is_group: stored.isGroup ? 1 : 0,
          group_id: stored.isGroup ? parseGroupContactId(stored.toContact) : null,
          to_user: stored.isGroup ? null : Number(stored.toContact),
          kind: body.kind,
          total,
          count: shares.length,
          claimed_count: 0,
          claimed_total: 0,
          refunded: 0,
          blessing,
          cover: body.cover,
          status: 'open',
          created_at: at,
          expires_at: at + RED_PACKET_EXPIRY_MS,
          finished_at: null,
        };
        await redPacketStore.insert(trx, packet, shares);
      },
      exceptClientId,
    );
    // the id stored another message of mine before (a text, or a packet to someone else): nothing was paid
    if (!created && (message.type !== 'red_packet' || message.is_group !== (isGroup ? 1 : 0) || String(message.toContactId) !== targetId(body.toContactId, isGroup))) {
      throw fail('redpackets.idTaken');
    }
    if (balance !== undefined) ctx.hub.pushUsers([me], 'walletBalance', { balance: fenToYuan(balance), reason: 'redpacket_send' });
    return { message, balance: (await wallet.info(me)).balance };
  }

  /** The packet if `me` may see it; `claimant`: whether I may claim it (not the sender of a private one). */
  async function visible(me: number, msgId: number): Promise<{ row: PacketRow; claimant: boolean }> {
    const row = await redPacketStore.packet(db, msgId);
    if (!row) throw fail('redpackets.notFound');
    const who = { msgId: Number(row.msg_id), isGroup: row.is_group === 1, groupId: row.group_id, toUser: row.to_user === null ? null : Number(row.to_user), senderId: row.sender_id };
    return { row, claimant: await mayClaim(me, who) };
  }

  async function details(me: number, row: PacketRow, claimant: boolean): Promise<RedPacketDetails> {
    const { claims, sender } = await claimsOf.of(Number(row.msg_id), row.sender_id, Number(row.claimed_count));
    const lucky = row.status === 'finished' && row.kind === 'random' && row.count > 1 ? luckyIndex(claims.map((c) => Number(c.amount))) : -1;
    const mine = claims.find((c) => c.id === me);
    const at = now();
    return {
      msg_id: Number(row.msg_id),
      kind: row.kind as RedPacketDetails['kind'],
      is_group: row.is_group,
      count: row.count,
      total: fenToYuan(Number(row.total)),
      blessing: row.blessing,
      cover: row.cover as RedPacketDetails['cover'],
      sender: {
        id: row.sender_id,
        displayName: sender?.nickname ?? '',
        avatar: sender?.avatar ?? '',
        avatar_color: sender?.avatar_color ?? 1,
      },
      status: row.status as RedPacketDetails['status'],
      created_at: Number(row.created_at),
      expires_at: Number(row.expires_at),
      finished_at: row.finished_at === null ? null : Number(row.finished_at),
      claimedCount: Number(row.claimed_count),
      claimedTotal: fenToYuan(Number(row.claimed_total)),
      refunded: fenToYuan(Number(row.refunded)),
      claims: claims.map((c, i) => ({
        user: { id: c.id, displayName: c.nickname, avatar: c.avatar, avatar_color: c.avatar_color },
        amount: fenToYuan(Number(c.amount)),
        time: Number(c.claimed_at),
        lucky: i === lucky,
      })),
      mine: mine ? fenToYuan(Number(mine.amount)) : null,
      canOpen: claimant && !mine && row.status === 'open' && Number(row.expires_at) > at,
    };
  }

  async function get(me: number, msgId: number): Promise<RedPacketDetails> {
    const { row, claimant } = await visible(me, msgId);
    return details(me, row, claimant);
  }

  /**
   * May `me` claim it? Not the sender of a private packet (false); nobody outside it (refused), nor a
   * member who joined after it in a group that hides its history from newcomers (they cannot see it).
   */
  async function mayClaim(me: number, packet: Pick<DeskPacket, 'msgId' | 'isGroup' | 'groupId' | 'toUser' | 'senderId'>): Promise<boolean> {
    if (packet.isGroup) {
      const floor = await ctx.groups.joinFloorOf(Number(packet.groupId), me);
      if (floor !== null && packet.msgId > floor) return true;
      throw fail('redpackets.notEligible');
    }
    if (me === packet.toUser) return true;
    if (me === packet.senderId) return false;
    throw fail('redpackets.notEligible');
  }

  /** The batch's claims, or each alone when one of them broke it (a claim of mine made on another node). */
  async function writeOrSplit(jobs: ClaimJob[]): Promise<ClaimResult[]> {
    try {
      return await writeClaims(db, ctx.dialect, jobs);
    } catch (err) {
      if (err instanceof DomainError || !isUniqueViolation(err)) throw err;
      if (jobs.length > 1) return Promise.all(jobs.map(async (j) => (await writeOrSplit([j]))[0]));
      const mine = await redPacketStore.shareOf(db, jobs[0].packet.msgId, jobs[0].me);
      return [{ outcome: 'alreadyClaimed', amount: mine ? Number(mine.amount) : null }];
    }
  }
  const claims = batcher(writeOrSplit);

  const statusOf = (packet: DeskPacket, at: number): RedPacketStatus =>
    packet.closed ?? (packet.expiresAt <= at ? 'expired' : 'open');

  /** What an open answers from what this node knows, without a write; undefined when it must claim. */
  function settled(me: number, packet: DeskPacket, at: number): { outcome: OpenOutcome; amount: number | null } | undefined {
    const had = packet.claimers.get(me);
    if (had !== undefined) return { outcome: 'alreadyClaimed', amount: had };
    if (statusOf(packet, at) === 'expired') return { outcome: 'expired', amount: null };
    if (packet.closed === 'finished') return { outcome: 'soldOut', amount: null };
    return undefined;
  }

  /** Claims the next stored share: success, soldOut, alreadyClaimed, tooSlow, notCaptured or expired. */
  async function open(me: number, msgId: number): Promise<OpenAnswer> {
    const packet = await desk.get(msgId);
    if (!packet) throw fail('redpackets.notFound');
    const answer = (outcome: OpenOutcome, fen: number | null): OpenAnswer => ({
      outcome,
      amount: fen === null ? null : fenToYuan(fen),
      status: statusOf(packet, now()),
    });
    if (!(await mayClaim(me, packet))) return answer('notCaptured', null);
    // a second open of mine while the first waits for its batch: answered by the first's result
    const first = packet.pending.get(me);
    if (first) await first.catch(() => undefined);
    const at = now();
    const known = settled(me, packet, at);
    if (known) return answer(known.outcome, known.amount);
    const claim = claims.submit({ me, packet, at });
    packet.pending.set(me, claim);
    let result: ClaimResult;
    try {
      result = await claim;
    } finally {
      packet.pending.delete(me);
    }
    if (result.outcome === 'alreadyClaimed') {
      if (result.amount !== null) packet.claimers.set(me, result.amount);
      return answer('alreadyClaimed', result.amount);
    }
    if (result.outcome !== 'success') {
      packet.closed = result.outcome === 'expired' ? 'expired' : 'finished';
      return answer(result.outcome, null);
    }
    packet.claimers.set(me, result.amount);
    if (result.finished) packet.closed = 'finished';
    ctx.hub.pushUsers([me], 'walletBalance', { balance: fenToYuan(result.balance), reason: 'redpacket_receive' });
    announceOpened(packet, me, result).catch((err) => ctx.log.warn({ err, msgId }, 'red packet opened notice failed'));
    return answer('success', result.amount);
  }

  /** Display names, read once for all the opens answered in the same turn. */
  const nameOf = batcher(async (ids: number[]) => {
    const cards = await userCards(db, ids);
    return ids.map((id) => cards.get(id)?.nickname ?? '');
  });

  /** "X opened your red packet": to the sender and the claimer only. */
  async function announceOpened(packet: DeskPacket, claimer: number, won: { amount: number; finished: boolean }) {
    const [senderName, claimerName] = await Promise.all([nameOf.submit(packet.senderId), nameOf.submit(claimer)]);
    const base = {
      msg_id: packet.msgId,
      is_group: packet.isGroup ? 1 : 0,
      sender: { id: packet.senderId, displayName: senderName },
      claimer: { id: claimer, displayName: claimerName },
      amount: fenToYuan(won.amount),
      finished: won.finished,
    };
    if (packet.isGroup) {
      ctx.hub.pushUsers([...new Set([packet.senderId, claimer])], 'redPacketOpened', { ...base, toContactId: groupContactId(Number(packet.groupId)) });
      return;
    }
    ctx.hub.pushUsers([packet.senderId], 'redPacketOpened', { ...base, toContactId: claimer });
    if (claimer !== packet.senderId) ctx.hub.pushUsers([claimer], 'redPacketOpened', { ...base, toContactId: packet.senderId });
  }

  async function log(me: number, body: z.output<typeof redPacketLogBody>): Promise<RedPacketLog> {
    return packetLog(db, me, body);
  }

  return { send, get, open, log };
}

export type RedPacketService = ReturnType<typeof redPacketService>;
