import { describe, expect, it } from 'vitest';
import { snippetAround, splitByKeyword } from './Highlight.tsx';

describe('splitByKeyword', () => {
  it('splits around every case-insensitive match, Chinese included', () => {
    expect(splitByKeyword('Hello hello', 'HELLO')).toEqual([
      { text: 'Hello', hit: true },
      { text: ' ', hit: false },
      { text: 'hello', hit: true },
    ]);
    expect(splitByKeyword('今天天气很好', '天气')).toEqual([
      { text: '今天', hit: false },
      { text: '天气', hit: true },
      { text: '很好', hit: false },
    ]);
    expect(splitByKeyword('abc', '  ')).toEqual([{ text: 'abc', hit: false }]);
  });

  it('cuts a long text so the match shows', () => {
    expect(snippetAround(`${'a'.repeat(30)}needle`, 'needle', 4)).toBe('…aaaaneedle');
    expect(snippetAround('needle first', 'needle')).toBe('needle first');
  });
});
