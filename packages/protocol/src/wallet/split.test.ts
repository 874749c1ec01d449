import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RED_PACKET_SHARE_MAX_FEN, RED_PACKET_SHARES_MAX } from './limits.ts';
import { luckyIndex, splitFixed, splitRandom } from './split.ts';

/** A packet that fits the limits: count 1..100, total between count × 0.01 and count × 200.00. */
const packet = fc
  .integer({ min: 1, max: RED_PACKET_SHARES_MAX })
  .chain((count) => fc.tuple(fc.constant(count), fc.integer({ min: count, max: count * RED_PACKET_SHARE_MAX_FEN })));

describe('splitRandom (double average)', () => {
  it('every split has count shares, each between 0.01 and 200.00, summing exactly to the total', () => {
    fc.assert(
      fc.property(packet, fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), ([count, total], seed) => {
        let x = seed;
        // a cheap deterministic stream so that fast-check can shrink a failing case
        const random = () => {
          x = (x * 9301 + 0.49297) % 1;
          return x;
        };
        const shares = splitRandom(total, count, random);
        // plain checks (not expect) keep 10,000 runs of up to 100 shares fast
        let sum = 0;
        for (const s of shares) {
          if (!Number.isInteger(s) || s < 1 || s > RED_PACKET_SHARE_MAX_FEN) return false;
          sum += s;
        }
        return shares.length === count && sum === total;
      }),
      { numRuns: 10_000 },
    );
  });

  it('holds at the edges of the random source (always 0, always just under 1)', () => {
    for (const r of [0, 0.999_999_999]) {
      for (const [total, count] of [
        [100, 100],
        [2_000_000, 100],
        [1_999_999, 100],
        [101, 100],
        [1, 1],
        [20_000, 1],
      ]) {
        const shares = splitRandom(total, count, () => r);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.min(...shares)).toBeGreaterThanOrEqual(1);
        expect(Math.max(...shares)).toBeLessThanOrEqual(RED_PACKET_SHARE_MAX_FEN);
      }
    }
  });

  it('refuses totals that no split can fit', () => {
    expect(() => splitRandom(99, 100)).toThrow(RangeError);
    expect(() => splitRandom(RED_PACKET_SHARE_MAX_FEN * 2 + 1, 2)).toThrow(RangeError);
    expect(() => splitRandom(10, 0)).toThrow(RangeError);
  });
});

describe('splitFixed and luckyIndex', () => {
  it('a fixed packet repeats the single amount', () => {
    expect(splitFixed(88, 3)).toEqual([88, 88, 88]);
  });
  it('the lucky winner is the largest share, the earliest on a tie', () => {
    expect(luckyIndex([5, 9, 3, 9])).toBe(1);
    expect(luckyIndex([7])).toBe(0);
    expect(luckyIndex([])).toBe(-1);
  });
});
