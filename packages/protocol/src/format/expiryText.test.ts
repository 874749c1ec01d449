import { describe, expect, it } from 'vitest';
import { type ExpiryText, expiryText, expiryTextZh } from './expiryText.ts';

const at = (y: number, m: number, d: number, h = 0, mi = 0) => new Date(y, m, d, h, mi).getTime();
const now = at(2024, 4, 15, 15, 30);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('expiryText: overdue', () => {
  it('under a day shows hours, at least 1', () => {
    expect(expiryText(now, now)).toEqual({ expired: true, unit: 'hours', n: 1 });
    expect(expiryText(now - 60_000, now)).toEqual({ expired: true, unit: 'hours', n: 1 });
    expect(expiryText(now - 5 * HOUR - 59 * 60_000, now)).toEqual({ expired: true, unit: 'hours', n: 5 });
    expect(expiryText(now - DAY + 1, now)).toEqual({ expired: true, unit: 'hours', n: 23 });
  });
  it('1 to 6 days shows days', () => {
    expect(expiryText(now - DAY, now)).toEqual({ expired: true, unit: 'days', n: 1 });
    expect(expiryText(now - 3 * DAY - HOUR, now)).toEqual({ expired: true, unit: 'days', n: 3 });
    expect(expiryText(now - 7 * DAY + 1, now)).toEqual({ expired: true, unit: 'days', n: 6 });
  });
  it('7 to 29 days shows weeks', () => {
    expect(expiryText(now - 7 * DAY, now)).toEqual({ expired: true, unit: 'weeks', n: 1 });
    expect(expiryText(now - 29 * DAY, now)).toEqual({ expired: true, unit: 'weeks', n: 4 });
  });
  it('30 days or more shows 30-day months, even beyond 12 months', () => {
    expect(expiryText(now - 30 * DAY, now)).toEqual({ expired: true, unit: 'months', n: 1 });
    expect(expiryText(now - 95 * DAY, now)).toEqual({ expired: true, unit: 'months', n: 3 });
    expect(expiryText(now - 400 * DAY, now)).toEqual({ expired: true, unit: 'months', n: 13 });
  });
});

describe('expiryText: time left', () => {
  it('under an hour shows minutes, at least 1', () => {
    expect(expiryText(now + 1_000, now)).toEqual({ expired: false, unit: 'minutes', n: 1 });
    expect(expiryText(now + 10 * 60_000, now)).toEqual({ expired: false, unit: 'minutes', n: 10 });
    expect(expiryText(now + HOUR - 1, now)).toEqual({ expired: false, unit: 'minutes', n: 59 });
  });
  it('under a day shows hours', () => {
    expect(expiryText(now + HOUR, now)).toEqual({ expired: false, unit: 'hours', n: 1 });
    expect(expiryText(now + 5 * HOUR + 30 * 60_000, now)).toEqual({ expired: false, unit: 'hours', n: 5 });
  });
  it('a day or more shows days, up to 12 months ahead', () => {
    expect(expiryText(now + DAY, now)).toEqual({ expired: false, unit: 'days', n: 1 });
    expect(expiryText(now + 40 * DAY, now)).toEqual({ expired: false, unit: 'days', n: 40 });
    expect(expiryText(at(2025, 4, 15, 15, 30), now)).toEqual({ expired: false, unit: 'days', n: 365 });
  });
  it('beyond 12 calendar months shows the full date', () => {
    expect(expiryText(at(2025, 4, 15, 15, 31), now)).toEqual({ expired: false, full: '2025-05-15 15:31' });
    expect(expiryText(at(2099, 0, 2, 3, 4), now)).toEqual({ expired: false, full: '2099-01-02 03:04' });
  });
});

describe('expiryText: inputs', () => {
  it('accepts seconds, ms and Date alike', () => {
    const t = now + 2 * HOUR;
    const expected = { expired: false, unit: 'hours', n: 2 };
    expect(expiryText(t, now)).toEqual(expected);
    expect(expiryText(t / 1000, now)).toEqual(expected);
    expect(expiryText(new Date(t), now)).toEqual(expected);
  });
  it('defaults now to Date.now()', () => {
    expect(expiryText(Date.now() + 2 * DAY + HOUR)).toEqual({ expired: false, unit: 'days', n: 2 });
  });
});

describe('expiryTextZh', () => {
  it.each<[ExpiryText, string]>([
    [{ expired: true, unit: 'days', n: 3 }, '已过期3天'],
    [{ expired: true, unit: 'hours', n: 2 }, '已过期2小时'],
    [{ expired: true, unit: 'weeks', n: 1 }, '已过期1周'],
    [{ expired: true, unit: 'months', n: 4 }, '已过期4个月'],
    [{ expired: false, unit: 'hours', n: 5 }, '剩余5小时'],
    [{ expired: false, unit: 'minutes', n: 9 }, '剩余9分钟'],
    [{ expired: false, unit: 'days', n: 12 }, '剩余12天'],
    [{ expired: false, full: '2099-01-02 03:04' }, '2099-01-02 03:04'],
  ])('%o → %s', (e, text) => {
    expect(expiryTextZh(e)).toBe(text);
  });
});
