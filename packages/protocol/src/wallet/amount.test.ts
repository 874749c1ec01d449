import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount.ts';

describe('parseAmount', () => {
  it.each([
    ['12.34', 1234],
    [' 5 ', 500],
    [0.01, 1],
    [200, 20000],
  ])('%o → %i fen', (v, fen) => {
    expect(parseAmount(v)).toEqual({ ok: true, fen });
  });
  it.each([['-1'], [-1], ['1.005'], [1.005], ['abc'], [''], [null], [{}], ['1e3'], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    '%o is not an amount',
    (v) => {
      expect(parseAmount(v)).toEqual({ ok: false, reason: 'format' });
    },
  );
  it.each([['0'], [0], ['0.00']])('%o is zero', (v) => {
    expect(parseAmount(v)).toEqual({ ok: false, reason: 'zero' });
  });
});
