import { describe, expect, it } from 'vitest';
import { carriesNul } from './nulCharacter.ts';

describe('carriesNul', () => {
  it('finds U+0000 in any string of a body, keys included, and nothing else', () => {
    expect(carriesNul({ content: 'a\u0000b' })).toBe(true);
    expect(carriesNul({ list: [1, { deep: ['x', '\u0000'] }] })).toBe(true);
    expect(carriesNul({ 'k\u0000': 1 })).toBe(true);
    expect(carriesNul('\u0000')).toBe(true);
    expect(carriesNul({ content: 'a\\u0000b', n: 0, none: null, ok: true, list: ['\ud800', '\uffff'] })).toBe(false);
    expect(carriesNul(undefined)).toBe(false);
  });
});
