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
  RED_PACKET_SHARE_MAX_FEN,
  RED_PACKET_SHARE_MIN_FEN,
  RED_PACKET_SHARES_MAX,
  type RedPacketDetails,
  type RedPacketLog,
  splitFixed,
  splitRandom,
} from '@parley/protocol';
import type { z } from 'zod';
import type { redPacketLogBody, sendRedPacketBody } from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { DomainError, fail } from '../../domainError.ts';
import type { MessageService } from '../messages/service.ts';
import { amountFen, type WalletService } from '../wallet/service.ts';
import { claimsCache } from './claimsCache.ts';
import { packetLog } from './log.ts';
import { type PacketRow, redPacketStore } from './store.ts';

type SendBody = z.output<typeof sendRedPacketBody>;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint/i.test(e?.message ?? '');
}

/** The fen of each share, checked against spec §5 and the limits. */
export function sharesFor(body: Pick<SendBody, 'kind' | 'amount' | 'count' | 'is_group'>): number[] {
  if (checkRedPacketNumber(body.count as string | number)) throw fail('redpackets.countInvalid');
  const count = Number(String(body.count).trim());
  if (count > RED_PACKET_SHARES_MAX) throw fail('redpackets.countMax', { max: RED_PACKET_SHARES_MAX });
  if (body.is_group !== 1 && count !== 1) throw fail('redpackets.privateOneShare');
  const fen = amountFen(body.amount);
  const max = fenToYuan(RED_PACKET_SHARE_MAX_FEN);
  if (body.kind === 'fixed') {
    if (fen > RED_PACKET_SHARE_MAX_FEN) throw fail('redpackets.shareMax', { max });
    return splitFixed(fen, count);
  }
  if (fen < count * RED_PACKET_SHARE_MIN_FEN) throw fail('redpackets.shareMin');
  if (fen > count * RED_PACKET_SHARE_MAX_FEN) throw fail('redpackets.shareMax', { max });
  return splitRandom(fen, count);
}

export function redPacketService(ctx: AppContext, messages: MessageService, wallet: WalletService, now: () => number = Date.now) {
  const db = ctx.db;
  const claimsOf = claimsCache(db, now);

  async function send(me: number, body: SendBody, exceptClientId?: string): Promise<{ message: ChatMessage; balance: string }> {
    const isGroup = body.is_group === 1 || parseGroupContactId(body.toContactId) !== null;
    if (!isGroup && Number(body.toContactId) === me) throw fail('redpackets.toSelf');
    const shares = sharesFor({ ...body, is_group: isGroup ? 1 : 0 });
    const blessing = body.blessing.trim();
    if ([...blessing].length > RED_PACKET_BLESSING_MAX) throw fail('redpackets.blessingTooLong', { max: RED_PACKET_BLESSING_MAX });
    const total = shares.reduce((a, b) => a + b, 0);
    await wallet.checkPaymentPassword(me, body.password);
    let balance: number | undefined;
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
    if (balance !== undefined) ctx.hub.pushUsers([me], 'walletBalance', { balance: fenToYuan(balance), reason: 'redpacket_send' });
    return { message, balance: (await wallet.info(me)).balance };
  }

  /** The packet if `me` may see it; `claimant`: whether I may claim it (not the sender of a private one). */
  async function visible(me: number, msgId: number): Promise<{ row: PacketRow; claimant: boolean }> {
    const row = await redPacketStore.packet(db, msgId);
    if (!row) throw fail('redpackets.notFound');
    if (row.is_group === 1) {
      const member = await ctx.groups.member(Number(row.group_id), me);
      if (!member) throw fail('redpackets.notEligible');
      return { row, claimant: true };
    }
    if (me === row.to_user) return { row, claimant: true };
    if (me === row.sender_id) return { row, claimant: false };
    throw fail('redpackets.notEligible');
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

  /** The outcome with the packet as it is now (`fresh`: a row just read or updated, saving a read). */
  async function answer(me: number, outcome: OpenOutcome, msgId: number, claimant: boolean, amount: number | null, fresh?: PacketRow) {
    const row = fresh ?? ((await redPacketStore.packet(db, msgId)) as PacketRow);
    return { outcome, amount: amount === null ? null : fenToYuan(amount), packet: await details(me, row, claimant) };
  }

  /** One claim in one transaction: the next stored share, credited from escrow. Null when none was left. */
  function claim(me: number, row: PacketRow, at: number) {
    return db.transaction().execute(async (trx) => {
      const taken = await redPacketStore.takeNext(trx, row.msg_id, at);
      if (!taken) return null;
      // a second claim of mine racing the first breaks the unique (packet, claimer) index: rolled back
      const amount = await redPacketStore.claimShare(trx, row.msg_id, Number(taken.claimed_count), me, at);
      const balances = await wallet.transfer(trx, {
        kind: 'redpacket_receive',
        ref: row.msg_id,
        from: wallet.accounts.escrow,
        to: wallet.userAccount(me),
        amount,
        now: at,
      });
      const now: PacketRow = {
        ...row,
        claimed_count: Number(taken.claimed_count),
        claimed_total: Number(taken.claimed_total),
        status: taken.status,
        finished_at: taken.finished_at === null ? null : Number(taken.finished_at),
      };
      return { amount, balance: balances.get(me) as number, row: now };
    });
  }

  /** Claims the next stored share: success, soldOut, alreadyClaimed, tooSlow, notCaptured or expired. */
  async function open(me: number, msgId: number) {
    const { row, claimant } = await visible(me, msgId);
    if (!claimant) return answer(me, 'notCaptured', msgId, claimant, null, row);
    const had = (await claimsOf.of(msgId, row.sender_id, Number(row.claimed_count))).claims.find((c) => c.id === me);
    if (had) return answer(me, 'alreadyClaimed', msgId, claimant, Number(had.amount), row);
    const at = now();
    if (row.status === 'expired' || Number(row.expires_at) <= at) return answer(me, 'expired', msgId, claimant, null, row);
    if (row.status === 'finished') return answer(me, 'soldOut', msgId, claimant, null, row);
    // a first red packet opens the wallet (with the default payment password)
    await wallet.ensureWallet(me, at);
    let claimed: Awaited<ReturnType<typeof claim>>;
    try {
      claimed = await claim(me, row, at);
    } catch (err) {
      if (err instanceof DomainError || !isUniqueViolation(err)) throw err;
      const mine = await redPacketStore.shareOf(db, msgId, me);
      return answer(me, 'alreadyClaimed', msgId, claimant, mine ? Number(mine.amount) : null);
    }
    if (!claimed) {
      const later = await redPacketStore.packet(db, msgId);
      const expired = later?.status === 'expired' || Number(later?.expires_at) <= at;
      return answer(me, expired ? 'expired' : 'tooSlow', msgId, claimant, null, later);
    }
    ctx.hub.pushUsers([me], 'walletBalance', { balance: fenToYuan(claimed.balance), reason: 'redpacket_receive' });
    const done = await answer(me, 'success', msgId, claimant, claimed.amount, claimed.row);
    announceOpened(done.packet, Number(claimed.row.group_id), me, claimed.amount);
    return done;
  }

  /** "X opened your red packet": to the sender and the claimer only. */
  function announceOpened(packet: RedPacketDetails, groupId: number, claimer: number, amount: number) {
    const sender = packet.sender.id;
    const base = {
      msg_id: packet.msg_id,
      is_group: packet.is_group,
      sender: { id: sender, displayName: packet.sender.displayName },
      claimer: { id: claimer, displayName: packet.claims.find((c) => c.user.id === claimer)?.user.displayName ?? '' },
      amount: fenToYuan(amount),
      finished: packet.status === 'finished',
    };
    if (packet.is_group === 1) {
      ctx.hub.pushUsers([...new Set([sender, claimer])], 'redPacketOpened', { ...base, toContactId: groupContactId(groupId) });
      return;
    }
    ctx.hub.pushUsers([sender], 'redPacketOpened', { ...base, toContactId: claimer });
    if (claimer !== sender) ctx.hub.pushUsers([claimer], 'redPacketOpened', { ...base, toContactId: sender });
  }

  async function log(me: number, body: z.output<typeof redPacketLogBody>): Promise<RedPacketLog> {
    return packetLog(db, me, body);
  }

  return { send, get, open, log };
}

export type RedPacketService = ReturnType<typeof redPacketService>;
