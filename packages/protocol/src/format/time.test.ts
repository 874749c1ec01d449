import { describe, expect, it } from 'vitest';
import { MS_THRESHOLD, pad2, startOfLocalDay, toMillis } from './time.ts';

describe('toMillis (above 9e10 is ms)', () => {
  it('multiplies seconds by 1000', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
  });
  it('keeps milliseconds', () => {
    expect(toMillis(1_700_000_000_000)).toBe(1_700_000_000_000);
  });
  it('treats exactly 9e10 as seconds and just above as ms', () => {
    expect(toMillis(MS_THRESHOLD)).toBe(9e13);
    expect(toMillis(MS_THRESHOLD + 1)).toBe(MS_THRESHOLD + 1);
  });
});

describe('startOfLocalDay', () => {
  it('gives local midnight, with a day offset', () => {
    const t = new Date(2024, 4, 15, 13, 45).getTime();
    expect(startOfLocalDay(t)).toBe(new Date(2024, 4, 15).getTime());
    expect(startOfLocalDay(t, -1)).toBe(new Date(2024, 4, 14).getTime());
    expect(startOfLocalDay(t, 1)).toBe(new Date(2024, 4, 16).getTime());
  });
  it('crosses month and year ends', () => {
    expect(startOfLocalDay(new Date(2024, 0, 1, 5).getTime(), -1)).toBe(new Date(2023, 11, 31).getTime());
  });
});

describe('pad2', () => {
  it('pads single digits', () => {
    expect(pad2(3)).toBe('03');
    expect(pad2(12)).toBe('12');
  });
});
