import { describe, expect, it } from 'vitest';
import { hasPick, indexLetterOfPerson, indexSections, matchesKeyword, shownName, togglePick } from './contactIndex.ts';

describe('shownName', () => {
  it('prefers my remark name, then display name, nickname, account', () => {
    expect(shownName({ remark: 'Boss', displayName: 'Bob', nickname: 'bob', account: 'b1' })).toBe('Boss');
    expect(shownName({ remark: '', displayName: 'Bob', nickname: 'bob' })).toBe('Bob');
    expect(shownName({ nickname: 'bob', account: 'b1' })).toBe('bob');
    expect(shownName({ account: 'b1' })).toBe('b1');
    expect(shownName({})).toBe('');
  });
});

describe('indexSections', () => {
  const people = [
    { nickname: 'zoe' },
    { nickname: '张三' },
    { nickname: 'Alice' },
    { nickname: 'alex' },
    { nickname: '李四', remark: 'Boss' },
    { nickname: '123' },
    { nickname: '😀 smile' },
    { nickname: 'Émile' },
  ];

  it('groups by the first letter of the shown name, pinyin for Chinese, # last', () => {
    const sections = indexSections(people);
    expect(sections.map((s) => s.letter)).toEqual(['A', 'B', 'E', 'Z', '#']);
    expect(sections[0].items.map((p) => p.nickname)).toEqual(['alex', 'Alice']);
    expect(sections[1].items.map((p) => p.nickname)).toEqual(['李四']);
    expect(sections[3].items.map((p) => p.nickname).sort()).toEqual(['zoe', '张三'].sort());
    expect(sections[4].items.map((p) => p.nickname)).toEqual(expect.arrayContaining(['123', '😀 smile']));
  });

  it('gives the letter a person is listed under', () => {
    expect(indexLetterOfPerson({ nickname: '张三' })).toBe('Z');
    expect(indexLetterOfPerson({ nickname: '张三', remark: 'amy' })).toBe('A');
    expect(indexLetterOfPerson({ nickname: '' })).toBe('#');
  });

  it('is empty for no people', () => {
    expect(indexSections([])).toEqual([]);
  });
});

describe('matchesKeyword', () => {
  it('matches any field, ignoring case and surrounding spaces', () => {
    expect(matchesKeyword(' ALI ', 'alice', 'x')).toBe(true);
    expect(matchesKeyword('三', 'bob', '张三')).toBe(true);
    expect(matchesKeyword('q', 'bob', undefined, null, 12)).toBe(false);
    expect(matchesKeyword('12', 'bob', 312)).toBe(true);
    expect(matchesKeyword('   ', 'anything')).toBe(true);
  });
});

describe('togglePick', () => {
  it('ticks and unticks, comparing ids as strings', () => {
    expect(togglePick([], 1).selected).toEqual([1]);
    expect(togglePick([1, 'group-2'], '1').selected).toEqual(['group-2']);
    expect(hasPick([1, 'group-2'], 'group-2')).toBe(true);
    expect(hasPick([1], '2')).toBe(false);
  });

  it('refuses to tick beyond max but always allows unticking', () => {
    const full = [1, 2, 3];
    expect(togglePick(full, 4, 3)).toEqual({ selected: [1, 2, 3], refused: true });
    expect(togglePick(full, 2, 3)).toEqual({ selected: [1, 3], refused: false });
    expect(togglePick(full, 4)).toEqual({ selected: [1, 2, 3, 4], refused: false });
  });
});
