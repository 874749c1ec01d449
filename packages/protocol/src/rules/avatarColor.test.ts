import { afterEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_COLORS, avatarColorFor, avatarColorHex, initialOf } from './avatarColor.ts';

describe('avatarColorHex', () => {
  it.each([
    [1, '#1677ff'],
    [2, '#fa8c16'],
    [3, '#f5222d'],
    [4, '#07c160'],
    [5, '#8c8c8c'],
  ])('code %i → %s', (code, hex) => {
    expect(avatarColorHex(code)).toBe(hex);
  });
  it('none is blue', () => {
    expect(avatarColorHex()).toBe(AVATAR_COLORS[1]);
    expect(avatarColorHex(null)).toBe(AVATAR_COLORS[1]);
  });
  it.each([0, 6, -1, 2.5, Number.NaN, 'x', ''])('unknown code %o is blue', (code) => {
    expect(avatarColorHex(code)).toBe('#1677ff');
  });
  it('numeric strings are read as codes', () => {
    expect(avatarColorHex('3')).toBe('#f5222d');
  });
});

describe('avatarColorFor', () => {
  it('maps whole numbers to n % 5 + 1', () => {
    expect([0, 1, 2, 3, 4, 5, 42].map(avatarColorFor)).toEqual([1, 2, 3, 4, 5, 1, 3]);
  });
  it('a digit string agrees with the number', () => {
    expect(avatarColorFor('42')).toBe(avatarColorFor(42));
  });
  it('is deterministic and in 1..5 for any seed', () => {
    for (const seed of ['group-1', 'system', '', 'ä', '😀', -7, 1.9, 1e20, 'a'.repeat(1000)]) {
      const c = avatarColorFor(seed);
      expect(c).toBe(avatarColorFor(seed));
      expect([1, 2, 3, 4, 5]).toContain(c);
    }
  });
  it('spreads string ids over all five colours', () => {
    const seen = new Set(Array.from({ length: 50 }, (_, i) => avatarColorFor(`group-${i}`)));
    expect(seen.size).toBe(5);
  });
});

describe('initialOf', () => {
  it.each([
    ['alice', 'A'],
    ['张三', '张'],
    ['  bob', 'B'],
    ['\u200bzed', 'Z'],
    ['\ufeffémile', 'É'],
    ['😀 smile', '😀'],
    ['𠀀abc', '𠀀'],
    ['👨‍👩‍👧 family', '👨‍👩‍👧'],
    ['👍🏽ok', '👍🏽'],
    ['🇨🇳', '🇨🇳'],
    ['e\u0301cole', 'E\u0301'],
    ['1号', '1'],
  ])('%o → %o', (name, initial) => {
    expect(initialOf(name)).toBe(initial);
  });
  it('empty for empty or blank names', () => {
    expect(initialOf('')).toBe('');
    expect(initialOf('   ')).toBe('');
    expect(initialOf(null)).toBe('');
    expect(initialOf(undefined)).toBe('');
  });
});

describe('initialOf without Intl.Segmenter', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('falls back to the first code point (surrogate pairs intact)', () => {
    vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined });
    expect(initialOf('😀 smile')).toBe('😀');
    expect(initialOf(' bob')).toBe('B');
  });
});
