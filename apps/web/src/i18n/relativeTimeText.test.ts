import { describe, expect, it } from 'vitest';
import i18n from './index.ts';
import { relativeTimeText } from './relativeTimeText.ts';

const en = i18n.getFixedT('en');
const zh = i18n.getFixedT('zh');
const fr = i18n.getFixedT('fr');
const now = new Date(2026, 5, 15, 15, 0, 0).getTime();
const MIN = 60_000;

describe('relativeTimeText', () => {
  it('words the spec buckets in the reader language, with plurals', () => {
    expect(relativeTimeText(now - 10_000, en, now)).toBe('just now');
    expect(relativeTimeText(now - MIN, en, now)).toBe('1 minute ago');
    expect(relativeTimeText(now - 5 * MIN, en, now)).toBe('5 minutes ago');
    expect(relativeTimeText(now - 3 * 60 * MIN, en, now)).toBe('3 hours ago');
    expect(relativeTimeText(new Date(2026, 5, 14, 9).getTime(), en, now)).toBe('yesterday');
    expect(relativeTimeText(new Date(2026, 5, 11, 9).getTime(), en, now)).toBe('4 days ago');
    expect(relativeTimeText(new Date(2025, 0, 2).getTime(), en, now)).toBe('2025/1/2');
    expect(relativeTimeText(now - 5 * MIN, zh, now)).toBe('5分钟前');
    expect(relativeTimeText(now - MIN, fr, now)).toBe('il y a 1 minute');
  });

  it('takes seconds as well as ms, and shows nothing for no time', () => {
    expect(relativeTimeText(Math.floor((now - 5 * MIN) / 1000), en, now)).toBe('5 minutes ago');
    expect(relativeTimeText(0, en, now)).toBe('');
  });
});
