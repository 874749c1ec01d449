import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fenToYuan, yuanToFen } from './money.ts';

describe('yuanToFen', () => {
  it.each([
    ['12.34', 1234],
    ['12', 1200],
    ['12.3', 1230],
    ['0.5', 50],
    ['0.01', 1],
    ['0', 0],
    ['007.10', 710],
    ['90071992547409.91', 9007199254740991],
  ])('%s → %i', (s, fen) => {
    expect(yuanToFen(s)).toBe(fen);
  });
  it.each([
    '12.345',
    '-1',
    '+1',
    '',
    ' 1',
    '1 ',
    '.5',
    '1.',
    '1e3',
    'abc',
    '1,000',
    '0x10',
    '１２',
    '90071992547409.92',
  ])('%o → null', (s) => {
    expect(yuanToFen(s)).toBeNull();
  });
  it('rejects non-strings', () => {
    expect(yuanToFen(12 as never)).toBeNull();
    expect(yuanToFen(null as never)).toBeNull();
  });
});

describe('fenToYuan', () => {
  it.each([
    [1234, '12.34'],
    [5, '0.05'],
    [50, '0.50'],
    [0, '0.00'],
    [-0, '0.00'],
    [1200, '12.00'],
    [-250, '-2.50'],
    [-5, '-0.05'],
    [9007199254740991, '90071992547409.91'],
  ])('%i → %s', (fen, s) => {
    expect(fenToYuan(fen)).toBe(s);
  });
  it('throws for non-integers', () => {
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(Number.NaN)).toThrow(RangeError);
    expect(() => fenToYuan(2 ** 53)).toThrow(RangeError);
  });
});

describe('round trips', () => {
  it('yuanToFen(fenToYuan(n)) === n for every non-negative safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (n) => {
        expect(yuanToFen(fenToYuan(n))).toBe(n);
      }),
    );
  });
  it('fenToYuan(yuanToFen(s)) is s normalised to 2 places', () => {
    const yuanArb = fc
      .tuple(fc.stringMatching(/^[1-9]\d{0,10}$|^0$/), fc.stringMatching(/^\d{0,2}$/))
      .map(([i, f]) => (f === '' ? i : `${i}.${f}`));
    fc.assert(
      fc.property(yuanArb, (s) => {
        const fen = yuanToFen(s);
        expect(fen).not.toBeNull();
        const [i, f = ''] = s.split('.');
        expect(fenToYuan(fen as number)).toBe(`${i}.${f.padEnd(2, '0')}`);
      }),
    );
  });
});
