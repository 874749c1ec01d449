import { describe, expect, it } from 'vitest';
import { keywordGrams } from './convGrams.ts';

describe('the grams of a keyword', () => {
  it('are its lowered 3-character substrings, each once, by character (not UTF-16 unit)', () => {
    expect(keywordGrams('AbcD')).toEqual(['abc', 'bcd']);
    expect(keywordGrams('aaaa')).toEqual(['aaa']);
    expect(keywordGrams('我们明天见')).toEqual(['我们明', '们明天', '明天见']);
    expect(keywordGrams('😀😃😄x')).toEqual(['😀😃😄', '😃😄x']);
    expect(keywordGrams('ab')).toEqual([]);
  });

  it('of a long phrase: at most 8, spread from its first to its last', () => {
    const grams = keywordGrams('the meeting is at ten tomorrow');
    expect(grams.length).toBe(8);
    expect(grams[0]).toBe('the');
    expect(grams[7]).toBe('row');
    expect(new Set(grams).size).toBe(8);
  });
});
