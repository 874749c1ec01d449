import { afterEach, describe, expect, it, vi } from 'vitest';
import { INDEX_LETTERS, indexLetterOf, sortByIndex } from './indexLetter.ts';

describe('runtime', () => {
  it('has zh collation data (full ICU)', () => {
    expect('张'.localeCompare('李', 'zh-Hans-CN')).toBeGreaterThan(0);
  });
});

describe('indexLetterOf: Latin', () => {
  it.each([
    ['alice', 'A'],
    ['Bob', 'B'],
    ['  zed', 'Z'],
    ['Émile', 'E'],
    ['ñandu', 'N'],
  ])('%s → %s', (name, letter) => {
    expect(indexLetterOf(name)).toBe(letter);
  });
});

describe('indexLetterOf: Chinese pinyin initial', () => {
  it.each([
    ['张三', 'Z'],
    ['李四', 'L'],
    ['王五', 'W'],
    ['阿明', 'A'],
    ['陈', 'C'],
    ['欧阳', 'O'],
    ['赵', 'Z'],
    ['钱', 'Q'],
    ['孙', 'S'],
    ['周', 'Z'],
    ['吴', 'W'],
    ['冯', 'F'],
    ['蒋', 'J'],
    ['韩', 'H'],
    ['杨', 'Y'],
    ['许', 'X'],
    ['何', 'H'],
    ['吕', 'L'],
    ['马', 'M'],
    ['毛', 'M'],
    ['牛', 'N'],
    ['鄂', 'E'],
    ['潘', 'P'],
    ['任', 'R'],
    ['唐', 'T'],
    ['高', 'G'],
    ['孔', 'K'],
    ['邓', 'D'],
    ['白', 'B'],
    ['安', 'A'],
    ['座', 'Z'],
  ])('%s → %s', (name, letter) => {
    expect(indexLetterOf(name)).toBe(letter);
  });
});

describe('indexLetterOf: everything else is #', () => {
  it.each(['', '   ', '123', '9号', '😀smile', 'Ωmega', 'Иван', '홍길동', 'なまえ', '_x', '#tag', '𠀀'])('%o → #', (name) => {
    expect(indexLetterOf(name)).toBe('#');
  });
  it('null and undefined', () => {
    expect(indexLetterOf(null)).toBe('#');
    expect(indexLetterOf(undefined)).toBe('#');
  });
  it('never gives I, U or V for Chinese', () => {
    for (const ch of '一乙二十丁厂七卜人入八九几儿了力乃刀又三于干亏士工土才寸下大丈与万上小口巾山千乞川亿个勺久凡及夕丸么广亡门义之尸弓己已子卫也女飞刃习叉马乡') {
      expect(['I', 'U', 'V']).not.toContain(indexLetterOf(ch));
    }
  });
});

describe('sortByIndex', () => {
  const people = ['周七', '张三', 'bob', '李四', 'Alice', '123', '阿明', '😀', 'zoe', '王五', '安娜', '赵六', 'Zack'].map((name, id) => ({
    id,
    name,
  }));
  const sections = sortByIndex(people, (p) => p.name);
  it('orders sections A..Z then #, leaving out empty ones', () => {
    expect(sections.map((s) => s.letter)).toEqual(['A', 'B', 'L', 'W', 'Z', '#']);
  });
  it('keeps every item exactly once', () => {
    expect(sections.flatMap((s) => s.items.map((p) => p.id)).sort((a, b) => a - b)).toEqual(people.map((p) => p.id));
  });
  it('orders items by name within a section (pinyin order for Chinese)', () => {
    const names = (letter: string) => sections.find((s) => s.letter === letter)?.items.map((p) => p.name) ?? [];
    const han = (list: string[]) => list.filter((n) => /\p{Script=Han}/u.test(n));
    const latin = (list: string[]) => list.filter((n) => /^[A-Za-z]/.test(n));
    expect(names('A').sort()).toEqual(['Alice', '安娜', '阿明'].sort());
    expect(han(names('A'))).toEqual(['阿明', '安娜']);
    expect(han(names('Z'))).toEqual(['张三', '赵六', '周七']);
    expect(latin(names('Z'))).toEqual(['Zack', 'zoe']);
    expect(names('#').sort()).toEqual(['123', '😀'].sort());
  });
  it('empty list gives no sections', () => {
    expect(sortByIndex([], String)).toEqual([]);
  });
  it('exports the letter order', () => {
    expect(INDEX_LETTERS.join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ#');
  });
});

describe('fallback without zh collation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });
  const load = async (Collator: unknown) => {
    vi.resetModules();
    vi.stubGlobal('Intl', { ...Intl, Collator });
    return import('./indexLetter.ts');
  };
  it('gives # for Chinese when the collator orders by code point (no ICU data)', async () => {
    class CodePointCollator {
      compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    }
    const m = await load(CodePointCollator);
    expect(m.indexLetterOf('张三')).toBe('#');
    expect(m.indexLetterOf('Alice')).toBe('A');
    expect(m.sortByIndex(['张三', 'bob'], String).map((s) => s.letter)).toEqual(['B', '#']);
  });
  it('gives # for Chinese when the collator cannot be built', async () => {
    const m = await load(function Throwing() {
      throw new RangeError('no locale data');
    });
    expect(m.indexLetterOf('李四')).toBe('#');
    expect(m.sortByIndex(['b', 'a'], String)).toEqual([
      { letter: 'A', items: ['a'] },
      { letter: 'B', items: ['b'] },
    ]);
  });
});
