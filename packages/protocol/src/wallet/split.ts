import { fenToYuan } from '../format/money.ts';
import { RED_PACKET_SHARE_MAX_FEN, RED_PACKET_SHARE_MIN_FEN, RED_PACKET_SHARES_MAX } from './limits.ts';

/** A uniform integer in [lo, hi] from `random` in [0, 1). */
function between(lo: number, hi: number, random: () => number): number {
  return lo + Math.min(hi - lo, Math.floor(random() * (hi - lo + 1)));
}

/**
 * The shares of a random red packet by the double-average rule: each draw is uniform between
 * 0.01 and twice the average of what remains, kept inside [min, max] so that the shares still to
 * come can always be paid; the last share is the remainder. Every share is ≥ min and ≤ max, and
 * the shares sum exactly to `totalFen`. Throws RangeError when no such split exists.
 */
export function splitRandom(
  totalFen: number,
  count: number,
  random: () => number = Math.random,
  max = RED_PACKET_SHARE_MAX_FEN,
  min = RED_PACKET_SHARE_MIN_FEN,
): number[] {
  if (!Number.isSafeInteger(totalFen) || !Number.isSafeInteger(count) || count < 1) {
    throw new RangeError('total and count must be whole numbers, count ≥ 1');
  }
  if (totalFen < count * min || totalFen > count * max) throw new RangeError('no split fits the share limits');
  const shares: number[] = [];
  let rest = totalFen;
  for (let left = count; left > 1; left--) {
    const lo = Math.max(min, rest - (left - 1) * max);
    const hi = Math.min(Math.floor((2 * rest) / left), max, rest - (left - 1) * min);
    const share = between(lo, Math.max(lo, hi), random);
    shares.push(share);
    rest -= share;
  }
  shares.push(rest);
  return shares;
}

/** The shares of a fixed packet: `count` times `eachFen`. */
export function splitFixed(eachFen: number, count: number): number[] {
  return Array.from({ length: count }, () => eachFen);
}

/**
 * The lucky winner of a fully claimed packet: the index of the largest share, the earliest claim
 * on a tie (shares are given in claim order). -1 for an empty list.
 */
export function luckyIndex(sharesInClaimOrder: readonly number[]): number {
  let best = -1;
  for (let i = 0; i < sharesInClaimOrder.length; i++) {
    if (best < 0 || sharesInClaimOrder[i] > sharesInClaimOrder[best]) best = i;
  }
  return best;
}

/** Why a packet's amount cannot be split into its shares (spec §5 and the limits), with the refusal's key. */
export type RedPacketSplitProblem =
  | { key: 'redpackets.countMax'; params: { max: number } }
  | { key: 'redpackets.privateOneShare' }
  | { key: 'redpackets.shareMin' }
  | { key: 'redpackets.shareMax'; params: { max: string } };

/**
 * What is wrong with a packet of `count` shares (a whole number ≥ 1) and `fen` (the total when
 * random, each share when fixed), or null: the server refuses it, and the send form says it before
 * the payment password is asked.
 */
export function redPacketSplitProblem(kind: 'random' | 'fixed', fen: number, count: number, isGroup: boolean): RedPacketSplitProblem | null {
  if (count > RED_PACKET_SHARES_MAX) return { key: 'redpackets.countMax', params: { max: RED_PACKET_SHARES_MAX } };
  if (!isGroup && count !== 1) return { key: 'redpackets.privateOneShare' };
  const max = { max: fenToYuan(RED_PACKET_SHARE_MAX_FEN) };
  if (kind === 'fixed') return fen > RED_PACKET_SHARE_MAX_FEN ? { key: 'redpackets.shareMax', params: max } : null;
  if (fen < count * RED_PACKET_SHARE_MIN_FEN) return { key: 'redpackets.shareMin' };
  if (fen > count * RED_PACKET_SHARE_MAX_FEN) return { key: 'redpackets.shareMax', params: max };
  return null;
}
