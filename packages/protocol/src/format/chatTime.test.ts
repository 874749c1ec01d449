import { describe, expect, it } from 'vitest';
import { chatTime, chatTimeZh, shouldShowTimeSeparator, WEEKDAYS_ZH } from './chatTime.ts';

const at = (y: number, m: number, d: number, h = 0, mi = 0) => new Date(y, m, d, h, mi).getTime();
const sec = (ms: number) => Math.floor(ms / 1000);
// Wednesday 2024-05-15 15:30; its ISO week starts Monday 2024-05-13.
const now = at(2024, 4, 15, 15, 30);

describe('chatTime: today is HH:mm', () => {
  it('pads hours and minutes', () => {
    expect(chatTime(sec(at(2024, 4, 15, 9, 5)), now)).toEqual({ key: 'time', text: '09:05' });
  });
  it('midnight and the last minute of today', () => {
    expect(chatTime(sec(at(2024, 4, 15)), now)).toEqual({ key: 'time', text: '00:00' });
    expect(chatTime(sec(at(2024, 4, 15, 23, 59)), now)).toEqual({ key: 'time', text: '23:59' });
  });
  it('accepts ms by the 9e10 rule', () => {
    expect(chatTime(at(2024, 4, 15, 9, 5), now)).toEqual({ key: 'time', text: '09:05' });
  });
  it('defaults now to Date.now()', () => {
    expect(chatTime(Date.now()).key).toBe('time');
  });
});

describe('chatTime: yesterday', () => {
  it('any time of the previous calendar day', () => {
    expect(chatTime(sec(at(2024, 4, 14)), now)).toEqual({ key: 'yesterday' });
    expect(chatTime(sec(at(2024, 4, 14, 23, 59)), now)).toEqual({ key: 'yesterday' });
  });
  it('yesterday wins over the week rule on a Monday (Sunday is last week)', () => {
    expect(chatTime(sec(at(2024, 4, 12, 10)), at(2024, 4, 13, 8))).toEqual({ key: 'yesterday' });
  });
});

describe('chatTime: this week (Monday start) is a weekday index, Date#getDay numbering', () => {
  it('Monday of this week', () => {
    expect(chatTime(sec(at(2024, 4, 13, 10)), now)).toEqual({ key: 'weekday', weekday: 1 });
  });
  it('on Sunday, Monday to Friday of the same week', () => {
    const sunday = at(2024, 4, 19, 20);
    expect(chatTime(sec(at(2024, 4, 13, 10)), sunday)).toEqual({ key: 'weekday', weekday: 1 });
    expect(chatTime(sec(at(2024, 4, 17, 10)), sunday)).toEqual({ key: 'weekday', weekday: 5 });
    expect(chatTime(sec(at(2024, 4, 18, 10)), sunday)).toEqual({ key: 'yesterday' });
  });
  it('the Sunday before this Monday is not this week', () => {
    expect(chatTime(sec(at(2024, 4, 12, 10)), now)).toEqual({ key: 'monthDay', text: '05-12' });
  });
  it('an ISO week spanning new year keeps weekday display', () => {
    // Thursday 2025-01-02; the week began Monday 2024-12-30.
    expect(chatTime(sec(at(2024, 11, 30, 10)), at(2025, 0, 2, 12))).toEqual({ key: 'weekday', weekday: 1 });
  });
});

describe('chatTime: this year is MM-DD, otherwise YYYY-MM-DD', () => {
  it('earlier this year', () => {
    expect(chatTime(sec(at(2024, 0, 3, 10)), now)).toEqual({ key: 'monthDay', text: '01-03' });
  });
  it('a previous year', () => {
    expect(chatTime(sec(at(2023, 11, 31, 23, 59)), now)).toEqual({ key: 'date', text: '2023-12-31' });
  });
  it('a later day in the future falls to the date rules', () => {
    expect(chatTime(sec(at(2024, 4, 16, 10)), now)).toEqual({ key: 'monthDay', text: '05-16' });
    expect(chatTime(sec(at(2025, 1, 1, 10)), now)).toEqual({ key: 'date', text: '2025-02-01' });
  });
});

describe('chatTimeZh', () => {
  it('renders each kind', () => {
    expect(chatTimeZh({ key: 'time', text: '09:05' })).toBe('09:05');
    expect(chatTimeZh({ key: 'yesterday' })).toBe('昨天');
    expect(chatTimeZh({ key: 'weekday', weekday: 1 })).toBe('星期一');
    expect(chatTimeZh({ key: 'weekday', weekday: 0 })).toBe('星期日');
    expect(chatTimeZh({ key: 'monthDay', text: '05-12' })).toBe('05-12');
    expect(chatTimeZh({ key: 'date', text: '2023-12-31' })).toBe('2023-12-31');
    expect(WEEKDAYS_ZH).toHaveLength(7);
  });
});

describe('shouldShowTimeSeparator', () => {
  const t = sec(now);
  it('true without a previous message', () => {
    expect(shouldShowTimeSeparator(undefined, t)).toBe(true);
    expect(shouldShowTimeSeparator(null, t)).toBe(true);
  });
  it('false under 5 minutes', () => {
    expect(shouldShowTimeSeparator(t, t)).toBe(false);
    expect(shouldShowTimeSeparator(t, t + 299)).toBe(false);
  });
  it('true at exactly 5 minutes and more', () => {
    expect(shouldShowTimeSeparator(t, t + 300)).toBe(true);
    expect(shouldShowTimeSeparator(t, t + 3600)).toBe(true);
  });
  it('uses the absolute gap and mixes seconds and ms', () => {
    expect(shouldShowTimeSeparator(t + 300, t)).toBe(true);
    expect(shouldShowTimeSeparator(t * 1000, t + 299)).toBe(false);
  });
});
