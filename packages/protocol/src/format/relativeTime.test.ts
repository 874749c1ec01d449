import { describe, expect, it } from 'vitest';
import { padTo13Digits, relativeTime, relativeTimePadded, relativeTimeZh } from './relativeTime.ts';

// "now" is 2024-05-15 15:30 local time.
const now = new Date(2024, 4, 15, 15, 30).getTime();
const at = (...a: [number, number, number, number?, number?, number?]) =>
  new Date(a[0], a[1], a[2], a[3] ?? 0, a[4] ?? 0, a[5] ?? 0).getTime();
const sec = (ms: number) => Math.floor(ms / 1000);

describe('relativeTime: input units', () => {
  it('reads a timestamp up to 9e10 as seconds and above as ms', () => {
    const t = at(2024, 4, 15, 15, 25);
    expect(relativeTime(sec(t), now)).toEqual({ key: 'minutesAgo', n: 5 });
    expect(relativeTime(t, now)).toEqual({ key: 'minutesAgo', n: 5 });
  });
  it('defaults now to Date.now()', () => {
    expect(relativeTime(Date.now())).toEqual({ key: 'justNow' });
  });
});

describe('relativeTime: under 60 s is justNow', () => {
  it.each([0, 1_000, 59_999])('%i ms ago', (d) => {
    expect(relativeTime(now - d, now)).toEqual({ key: 'justNow' });
  });
  it('a future time is justNow too', () => {
    expect(relativeTime(now + 3_600_000, now)).toEqual({ key: 'justNow' });
  });
});

describe('relativeTime: under 1 hour is minutesAgo', () => {
  it('60 s is 1 minute', () => {
    expect(relativeTime(now - 60_000, now)).toEqual({ key: 'minutesAgo', n: 1 });
  });
  it('59 min 59 s is 59 minutes (floored)', () => {
    expect(relativeTime(now - 3_599_000, now)).toEqual({ key: 'minutesAgo', n: 59 });
  });
  it('applies before the midnight rule (00:10 now, 23:50 yesterday)', () => {
    const n = at(2024, 4, 15, 0, 10);
    expect(relativeTime(at(2024, 4, 14, 23, 50), n)).toEqual({ key: 'minutesAgo', n: 20 });
  });
});

describe('relativeTime: since today midnight is hoursAgo', () => {
  it('exactly 1 hour', () => {
    expect(relativeTime(now - 3_600_000, now)).toEqual({ key: 'hoursAgo', n: 1 });
  });
  it('today at midnight is 15 hours ago at 15:30', () => {
    expect(relativeTime(at(2024, 4, 15), now)).toEqual({ key: 'hoursAgo', n: 15 });
  });
});

describe('relativeTime: up to 24 h before midnight is yesterday', () => {
  it('just before midnight', () => {
    expect(relativeTime(at(2024, 4, 14, 23, 59, 59), now)).toEqual({ key: 'yesterday' });
  });
  it('yesterday at 00:00', () => {
    expect(relativeTime(at(2024, 4, 14), now)).toEqual({ key: 'yesterday' });
  });
  it('at 00:30 a time 2 hours ago is yesterday', () => {
    expect(relativeTime(at(2024, 4, 14, 22, 30), at(2024, 4, 15, 0, 30))).toEqual({ key: 'yesterday' });
  });
});

describe('relativeTime: under 30 days is daysAgo (calendar days)', () => {
  it('the day before yesterday at 23:59 is 2 days', () => {
    expect(relativeTime(at(2024, 4, 13, 23, 59), now)).toEqual({ key: 'daysAgo', n: 2 });
  });
  it('10 days', () => {
    expect(relativeTime(at(2024, 4, 5, 18, 0), now)).toEqual({ key: 'daysAgo', n: 10 });
  });
  it('29 days 23 h 59 min (just under 2,592,000 s)', () => {
    expect(relativeTime(now - 2_592_000_000 + 60_000, now)).toEqual({ key: 'daysAgo', n: 30 });
  });
});

describe('relativeTime: 30 days or more is a Y/M/D date', () => {
  it('exactly 2,592,000 s', () => {
    expect(relativeTime(now - 2_592_000_000, now)).toEqual({ key: 'date', date: '2024/4/15' });
  });
  it('no zero padding', () => {
    expect(relativeTime(at(2023, 0, 5, 8, 0), now)).toEqual({ key: 'date', date: '2023/1/5' });
  });
  it('an invalid input gives an empty date', () => {
    expect(relativeTime(Number.NaN, now)).toEqual({ key: 'date', date: '' });
  });
});

describe('padTo13Digits', () => {
  it('right-pads seconds to ms', () => {
    expect(padTo13Digits(1_715_758_200)).toBe(1_715_758_200_000);
    expect(padTo13Digits('1715758200')).toBe(1_715_758_200_000);
  });
  it('keeps 13 digits and longer', () => {
    expect(padTo13Digits(1_715_758_200_123)).toBe(1_715_758_200_123);
    expect(padTo13Digits('17157582001234')).toBe(17_157_582_001_234);
  });
  it('pads short values literally', () => {
    expect(padTo13Digits(123)).toBe(1_230_000_000_000);
  });
  it('drops a fraction of a number, rejects non-digit strings', () => {
    expect(padTo13Digits(1_715_758_200.9)).toBe(1_715_758_200_000);
    expect(padTo13Digits('abc')).toBeNaN();
    expect(padTo13Digits('-5')).toBeNaN();
  });
});

describe('relativeTimePadded (second helper)', () => {
  it('a future time is shortWhileAgo', () => {
    expect(relativeTimePadded(sec(now) + 10, now)).toEqual({ key: 'shortWhileAgo' });
    expect(relativeTimePadded(now + 1, now)).toEqual({ key: 'shortWhileAgo' });
  });
  it('now itself is justNow', () => {
    expect(relativeTimePadded(now, now)).toEqual({ key: 'justNow' });
  });
  it('otherwise the same buckets as relativeTime', () => {
    const cases = [
      now - 30_000,
      now - 5 * 60_000,
      at(2024, 4, 15, 1, 0),
      at(2024, 4, 14, 9, 0),
      at(2024, 4, 1, 9, 0),
      at(2020, 1, 29, 9, 0),
    ];
    for (const t of cases) {
      expect(relativeTimePadded(sec(t), now)).toEqual(relativeTime(sec(t), now));
      expect(relativeTimePadded(String(t), now)).toEqual(relativeTime(t, now));
    }
  });
  it('an invalid input gives an empty date', () => {
    expect(relativeTimePadded('x', now)).toEqual({ key: 'date', date: '' });
  });
});

describe('relativeTimeZh', () => {
  it.each([
    [{ key: 'justNow' } as const, '刚刚'],
    [{ key: 'shortWhileAgo' } as const, '片刻之前'],
    [{ key: 'minutesAgo', n: 5 } as const, '5分钟前'],
    [{ key: 'hoursAgo', n: 3 } as const, '3小时前'],
    [{ key: 'yesterday' } as const, '昨天'],
    [{ key: 'daysAgo', n: 4 } as const, '4天前'],
    [{ key: 'date', date: '2023/1/5' } as const, '2023/1/5'],
  ])('%o → %s', (r, text) => {
    expect(relativeTimeZh(r)).toBe(text);
  });
});
