import { describe, expect, it } from 'vitest';
import { bitMask, GRAM_BITS, gramBit, holdsBits, keywordBits } from './convGrams.ts';

describe('the gram bits of a keyword', () => {
  it('are the bits of its lowered 3-character substrings, each once, by character (not UTF-16 unit)', () => {
    expect(keywordBits('AbcD')).toEqual([gramBit('abc'), gramBit('bcd')]);
    expect(keywordBits('aaaa')).toEqual([gramBit('aaa')]);
    expect(keywordBits('我们明天见')).toEqual([gramBit('我们明'), gramBit('们明天'), gramBit('明天见')]);
    expect(keywordBits('😀😃😄x')).toEqual([gramBit('😀😃😄'), gramBit('😃😄x')]);
    expect(keywordBits('ab')).toEqual([]);
  });

  it('spread over the row: distinct grams mostly get distinct bits, each within it', () => {
    const grams = ['the', 'he ', 'mee', 'eet', 'eti', 'tin', 'ing', 'tom', 'omo', 'mor', 'orr', 'rro', 'row', '明天见', '😀😃😄'];
    const bits = grams.map(gramBit);
    expect(new Set(bits).size).toBe(grams.length);
    for (const bit of bits) expect(bit >= 0 && bit < GRAM_BITS).toBe(true);
  });

  it('a row holds a keyword when every one of its bits is set; the PostgreSQL mask counts from bit 0', () => {
    const row = new Uint8Array(GRAM_BITS / 8);
    for (const bit of keywordBits('hello')) row[bit >> 3] |= 1 << (bit & 7);
    expect(holdsBits(row, keywordBits('hello'))).toBe(true);
    expect(holdsBits(row, keywordBits('HELL'))).toBe(true);
    expect(holdsBits(row, keywordBits('hello!'))).toBe(false);
    expect(holdsBits(null, keywordBits('hello'))).toBe(false);
    expect(bitMask([0, 5])).toBe(`100001${'0'.repeat(GRAM_BITS - 6)}`);
  });
});
