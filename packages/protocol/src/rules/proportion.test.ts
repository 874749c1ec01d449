import { describe, expect, it } from 'vitest';
import { checkProportions, proportionValue } from './proportion.ts';

const e = (proportion: number | string, user_id = 1) => ({ realname: `u${user_id}`, user_id, proportion });

describe('checkProportions', () => {
  it('a total of exactly 100 is ok', () => {
    expect(checkProportions([e(60), e(40, 2)])).toEqual({ total: 100, ok: true });
  });
  it('more than 100 is ok (threshold is a minimum)', () => {
    expect(checkProportions([e(70), e(40, 2)])).toEqual({ total: 110, ok: true });
  });
  it('under 100 is flagged', () => {
    expect(checkProportions([e(50), e(49.99, 2)])).toEqual({ total: 99.99, ok: false });
  });
  it('no entries is flagged', () => {
    expect(checkProportions([])).toEqual({ total: 0, ok: false });
  });
  it('absorbs float noise', () => {
    expect(checkProportions([e(33.3), e(33.3, 2), e(33.4, 3)])).toEqual({ total: 100, ok: true });
    expect(checkProportions([e(0.1), e(0.2, 2), e(99.7, 3)])).toEqual({ total: 100, ok: true });
  });
  it('a proportion is a number from 0 to 100 (empty is 0); anything else is not one', () => {
    expect([0, 100, 33.3, '42', ' 7 ', ''].map(proportionValue)).toEqual([0, 100, 33.3, 42, 7, 0]);
    expect([-1, 100.01, 1e308, Number.POSITIVE_INFINITY, Number.NaN, 'abc', null, {}, [50]].map(proportionValue)).toEqual(Array(9).fill(null));
  });
  it('numeric strings count, others and negatives count as 0', () => {
    expect(checkProportions([e('60'), e(' 40 ', 2)])).toEqual({ total: 100, ok: true });
    expect(checkProportions([e(''), e('abc', 2), e(-10, 3), e(100, 4)])).toEqual({ total: 100, ok: true });
    expect(checkProportions([e('abc'), e(-10, 3), e(99, 4)])).toEqual({ total: 99, ok: false });
  });
});
