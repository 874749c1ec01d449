import { describe, expect, it } from 'vitest';
import { ftsQuery } from './textSearch.ts';

describe('ftsQuery', () => {
  it('asks for each trigram of the keyword once, by code point, quotes doubled', () => {
    expect(ftsQuery('abc')).toBe('"abc"');
    expect(ftsQuery('hiking')).toBe('"hik" AND "iki" AND "kin" AND "ing"');
    expect(ftsQuery('aaaa')).toBe('"aaa"');
    expect(ftsQuery('去爬山了')).toBe('"去爬山" AND "爬山了"');
    expect(ftsQuery('a😀"b')).toBe('"a😀""" AND "😀""b"');
  });
});
