import { describe, expect, it } from 'vitest';
import { indexSections } from './contactIndex.ts';
import { bySection, indexRows, letterAtRow, rowOfLetter } from './indexRows.ts';

const people = ['amy', 'Alex', 'bob', 'Zoe', '张三', '123'].map((nickname) => ({ nickname }));
const index = indexRows(indexSections(people));

describe('indexRows', () => {
  it('lays the sections out as header, people, header, people …', () => {
    expect(index.rows.map((r) => (r.kind === 'header' ? `[${r.letter}]` : r.item.nickname))).toEqual([
      '[A]',
      'Alex',
      'amy',
      '[B]',
      'bob',
      '[Z]',
      expect.any(String),
      expect.any(String),
      '[#]',
      '123',
    ]);
    expect(index.rows.filter((r) => r.kind === 'item' && r.first).map((r) => r.letter)).toEqual(['A', 'B', 'Z', '#']);
    expect(index.spans).toEqual([
      { letter: 'A', header: 0, last: 2 },
      { letter: 'B', header: 3, last: 4 },
      { letter: 'Z', header: 5, last: 7 },
      { letter: '#', header: 8, last: 9 },
    ]);
  });

  it('maps a letter of the bar to its header row, and nothing for an absent letter', () => {
    expect(rowOfLetter(index, 'A')).toBe(0);
    expect(rowOfLetter(index, 'B')).toBe(3);
    expect(rowOfLetter(index, 'Z')).toBe(5);
    expect(rowOfLetter(index, '#')).toBe(8);
    expect(rowOfLetter(index, 'Q')).toBeUndefined();
  });

  it('maps 10,000 people to the right header rows', () => {
    const crowd = Array.from({ length: 10_000 }, (_, i) => ({ nickname: `${String.fromCharCode(65 + (i % 26))}${i}` }));
    const big = indexRows(indexSections(crowd));
    expect(big.rows).toHaveLength(10_000 + 26);
    for (const letter of ['A', 'M', 'Z']) {
      const row = rowOfLetter(big, letter);
      expect(row).toBeDefined();
      expect(big.rows[row ?? -1]).toEqual({ kind: 'header', section: letter.charCodeAt(0) - 65, letter });
    }
    // each letter has 384 or 385 people: M's header follows 12 letters of 385 and their headers
    expect(rowOfLetter(big, 'M')).toBe(12 * 385 + 12);
  });

  it('tells the letter at a row, clamping past the end', () => {
    expect(letterAtRow(index, 1)).toBe('A');
    expect(letterAtRow(index, 4)).toBe('B');
    expect(letterAtRow(index, 99)).toBe('#');
    expect(letterAtRow(index, undefined)).toBeNull();
    expect(letterAtRow(index, -1)).toBeNull();
    expect(letterAtRow(indexRows([]), 0)).toBeNull();
  });

  it('gathers the drawn rows by letter', () => {
    const groups = bySection(index, [2, 3, 4, 5].map((i) => ({ index: i })));
    expect(groups.map((g) => [g.span.letter, g.rows.map((r) => r.index)])).toEqual([
      ['A', [2]],
      ['B', [3, 4]],
      ['Z', [5]],
    ]);
    expect(bySection(index, [])).toEqual([]);
  });
});
