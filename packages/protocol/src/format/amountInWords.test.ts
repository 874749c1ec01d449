import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_TOO_LARGE_MSG, AMOUNT_ZERO_WORDS, amountInWords } from './amountInWords.ts';
import { fenToYuan } from './money.ts';

/** Reads 大写金额 back into fen (test oracle). */
function wordsToFen(words: string): bigint {
  const digit: Record<string, number> = { 零: 0, 壹: 1, 贰: 2, 叁: 3, 肆: 4, 伍: 5, 陆: 6, 柒: 7, 捌: 8, 玖: 9 };
  const radix: Record<string, number> = { 拾: 10, 佰: 100, 仟: 1000 };
  const [intPart, fracPart = ''] = words.includes('元') ? words.split('元') : ['', words];
  const section = (s: string) => {
    let total = 0;
    let pending = 0;
    for (const ch of s) {
      if (ch in digit) pending = digit[ch];
      else if (ch in radix) {
        total += pending * radix[ch];
        pending = 0;
      } else throw new Error(`unexpected ${ch} in ${words}`);
    }
    return total + pending;
  };
  const wan = (s: string) => {
    const [hi, lo] = s.includes('万') ? s.split('万') : ['', s];
    return section(hi) * 1e4 + section(lo);
  };
  const [yiHi, yiLo] = intPart.includes('亿') ? intPart.split('亿') : ['', intPart];
  const yuan = BigInt(wan(yiHi)) * 100_000_000n + BigInt(wan(yiLo));
  const jiao = /(.)角/.exec(fracPart);
  const fen = /(.)分/.exec(fracPart);
  return yuan * 100n + BigInt((jiao ? digit[jiao[1]] * 10 : 0) + (fen ? digit[fen[1]] : 0));
}

/** Fen (bigint, may exceed 2^53) as a yuan decimal string. */
const bigFenToYuan = (fen: bigint) => {
  const s = fen.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

describe('amountInWords: empty and special values', () => {
  it.each([undefined, null, '', Number.NaN, false, true, 'abc', '1.2.3', '.', '1e5', '--1'])('%o gives empty text', (v) => {
    expect(amountInWords(v as never)).toBe('');
  });
  it('zero gives 零元整 (the number 0 is a value, not "empty")', () => {
    expect(amountInWords(0)).toBe(AMOUNT_ZERO_WORDS);
    expect(AMOUNT_ZERO_WORDS).toBe('零元整');
    expect(amountInWords('0')).toBe('零元整');
    expect(amountInWords('0.00')).toBe('零元整');
    expect(amountInWords(0.004)).toBe('零元整');
    expect(amountInWords(-0)).toBe('零元整');
  });
  it('1e15 or more gives the too-large message', () => {
    expect(AMOUNT_TOO_LARGE_MSG).toBe('超出处理的最大数字');
    expect(amountInWords(1e15)).toBe(AMOUNT_TOO_LARGE_MSG);
    expect(amountInWords(1e21)).toBe(AMOUNT_TOO_LARGE_MSG);
    expect(amountInWords('1000000000000000')).toBe(AMOUNT_TOO_LARGE_MSG);
    expect(amountInWords('999999999999999.995')).toBe(AMOUNT_TOO_LARGE_MSG);
    expect(amountInWords(Number.POSITIVE_INFINITY)).toBe(AMOUNT_TOO_LARGE_MSG);
  });
  it('the largest amount handled', () => {
    expect(amountInWords('999999999999999.99')).toBe(
      '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分',
    );
  });
});

describe('amountInWords: whole yuan', () => {
  it.each([
    [1, '壹元整'],
    [10, '壹拾元整'],
    [11, '壹拾壹元整'],
    [20, '贰拾元整'],
    [100, '壹佰元整'],
    [101, '壹佰零壹元整'],
    [110, '壹佰壹拾元整'],
    [1001, '壹仟零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [1100, '壹仟壹佰元整'],
    [10000, '壹万元整'],
    [10001, '壹万零壹元整'],
    [10010, '壹万零壹拾元整'],
    [10100, '壹万零壹佰元整'],
    [11000, '壹万壹仟元整'],
    [100000, '壹拾万元整'],
    [100010, '壹拾万零壹拾元整'],
    [1000000, '壹佰万元整'],
    [10000000, '壹仟万元整'],
    [10001000, '壹仟万零壹仟元整'],
    [11000000, '壹仟壹佰万元整'],
    [100010000, '壹亿零壹万元整'],
    [1000005000, '壹拾亿零伍仟元整'],
    [1000050000000, '壹万亿零伍仟万元整'],
    [100000000, '壹亿元整'],
    [100000001, '壹亿零壹元整'],
    [101000000, '壹亿零壹佰万元整'],
    [110000000, '壹亿壹仟万元整'],
    [1000010000, '壹拾亿零壹万元整'],
    [1e12, '壹万亿元整'],
    [1000100000000, '壹万零壹亿元整'],
    [1000000000001, '壹万亿零壹元整'],
    [123456789, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元整'],
  ])('%d → %s', (v, words) => {
    expect(amountInWords(v)).toBe(words);
  });
});

describe('amountInWords: fractions (角, 分)', () => {
  it.each([
    [1001.5, '壹仟零壹元伍角'],
    [0.05, '伍分'],
    [0.5, '伍角'],
    [0.55, '伍角伍分'],
    [1.05, '壹元零伍分'],
    [10.5, '壹拾元伍角'],
    [10.05, '壹拾元零伍分'],
    [1.23, '壹元贰角叁分'],
    [123456789.12, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元壹角贰分'],
  ])('%d → %s', (v, words) => {
    expect(amountInWords(v)).toBe(words);
  });
  it('rounds half up to 2 decimals on the decimal digits', () => {
    expect(amountInWords(1.005)).toBe('壹元零壹分');
    expect(amountInWords(1.004)).toBe('壹元整');
    expect(amountInWords(0.995)).toBe('壹元整');
    expect(amountInWords('9.999')).toBe('壹拾元整');
    expect(amountInWords(1e-7)).toBe('零元整');
  });
  it('accepts decimal strings with spaces and a plus sign', () => {
    expect(amountInWords(' 12.30 ')).toBe('壹拾贰元叁角');
    expect(amountInWords('+5')).toBe('伍元整');
    expect(amountInWords('.5')).toBe('伍角');
    expect(amountInWords('5.')).toBe('伍元整');
  });
  it('prefixes negatives with 负', () => {
    expect(amountInWords(-12.5)).toBe('负壹拾贰元伍角');
    expect(amountInWords('-0.001')).toBe('零元整');
  });
  it('more places (毫, 厘) on request', () => {
    expect(amountInWords(1.2345, { decimals: 4 })).toBe('壹元贰角叁分肆毫伍厘');
    expect(amountInWords(1.0005, { decimals: 4 })).toBe('壹元零伍厘');
    expect(amountInWords(0.505, { decimals: 3 })).toBe('伍角零伍毫');
    expect(amountInWords(1.0005)).toBe('壹元整');
  });
});

describe('amountInWords: properties', () => {
  const fenArb = fc.bigInt({ min: 1n, max: 10n ** 17n - 1n });
  it('reads back to the same amount for any fen value below 1e15 yuan', () => {
    fc.assert(
      fc.property(fenArb, (fen) => {
        expect(wordsToFen(amountInWords(bigFenToYuan(fen)))).toBe(fen);
      }),
    );
  });
  it('ends with 整 exactly when there are no fen/jiao, never has 零零 nor a trailing or leading 零', () => {
    fc.assert(
      fc.property(fenArb, (fen) => {
        const words = amountInWords(bigFenToYuan(fen));
        expect(words.endsWith('整')).toBe(fen % 100n === 0n);
        expect(words).not.toMatch(/零零|零[元万亿整]|^零/);
      }),
    );
  });
  it('the yuan part has one 零 per run of zeros between non-zero digits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n - 1n }), (yuan) => {
        const runs = yuan.toString().match(/(?<=[1-9])0+(?=[1-9])/g)?.length ?? 0;
        const words = amountInWords(yuan.toString());
        expect(words.split('元')[0].split('零').length - 1).toBe(runs);
      }),
    );
  });
  it('numbers and strings agree', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (fen) => {
        expect(amountInWords(fen / 100)).toBe(amountInWords(fenToYuan(fen)));
      }),
    );
  });
});

describe('amountInWords: Traditional script', () => {
  it('writes 贰 叁 陆 万 亿 负 and the too-large message in Traditional characters', () => {
    expect(amountInWords(236_000_000.2, { script: 'Hant' })).toBe('貳億參仟陸佰萬元貳角');
    expect(amountInWords(-32, { script: 'Hant' })).toBe('負參拾貳元整');
    expect(amountInWords(1e15, { script: 'Hant' })).toBe('超出處理的最大數字');
    expect(amountInWords(0, { script: 'Hant' })).toBe('零元整');
  });

  it('differs from the Simplified words only in those characters', () => {
    for (const fen of [1, 205, 10_001_000_00, 99_999_999_999_99]) {
      const hans = amountInWords(fen / 100);
      const hant = amountInWords(fen / 100, { script: 'Hant' });
      expect(hant.length).toBe(hans.length);
      expect(hant).not.toMatch(/[贰叁陆万亿负]/);
      expect(amountInWords(fen / 100, { script: 'Hans' })).toBe(hans);
    }
  });
});
