import { describe, expect, it } from 'vitest';
import { perUserLimit } from './perUserLimit.ts';

describe('per-user limit', () => {
  it('allows the limit per window and per user, then again in the next window', () => {
    let now = 1_000;
    const limit = perUserLimit(2, 60_000, () => now);
    expect([limit.take(1), limit.take(1), limit.take(1)]).toEqual([true, true, false]);
    expect(limit.take(2)).toBe(true);
    now += 60_000;
    expect(limit.take(1)).toBe(true);
  });

  it('tells how long until the window ends', () => {
    let now = 1_000;
    const limit = perUserLimit(1, 60_000, () => now);
    expect(limit.resetInMs(1)).toBe(0);
    limit.take(1);
    now += 15_000;
    expect(limit.resetInMs(1)).toBe(45_000);
  });
});
