/** Chinese currency in words, 大写金额 (spec §5 "Currency-in-words helper"). */

export const AMOUNT_TOO_LARGE_MSG = '超出处理的最大数字';
/** Amounts at or above this (after rounding) give AMOUNT_TOO_LARGE_MSG. */
export const AMOUNT_WORDS_MAX = 1e15;
export const AMOUNT_ZERO_WORDS = '零元整';

export const CN_DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const CN_RADICES = ['', '拾', '佰', '仟'] as const;
/** Fraction units; amounts are rounded to 2 places (角, 分) unless `decimals` asks for 毫 or 厘 too. */
export const CN_DECIMAL_UNITS = ['角', '分', '毫', '厘'] as const;

export interface AmountInWordsOptions {
  /** Decimal places kept after rounding half up: 2 (default, 角 分), 3 (+毫) or 4 (+厘). */
  decimals?: 2 | 3 | 4;
  /** 'Hant': in Traditional characters (貳 參 陸 萬 億 負), as a zh-Hant reader writes them on a cheque. */
  script?: 'Hans' | 'Hant';
}

/** The characters of the words that differ in Traditional script. */
const TRADITIONAL: Record<string, string> = { 贰: '貳', 叁: '參', 陆: '陸', 万: '萬', 亿: '億', 负: '負', 处: '處', 数: '數' };

function inScript(words: string, script: AmountInWordsOptions['script']): string {
  return script === 'Hant' ? words.replace(/[贰叁陆万亿负处数]/g, (c) => TRADITIONAL[c]) : words;
}

/** Adds one to a string of decimal digits. */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** Words for 1 ≤ n ≤ 9999, with 零 for inner zero runs and nothing for trailing zeros. */
function sectionWords(n: number): string {
  const digits = String(n);
  let out = '';
  let pendingZero = false;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    if (d === 0) {
      pendingZero = true;
      continue;
    }
    if (pendingZero) out += CN_DIGITS[0];
    pendingZero = false;
    out += CN_DIGITS[d] + CN_RADICES[digits.length - 1 - i];
  }
  return out;
}

/**
 * Words for a whole number 1 ≤ n < 1e15, using 万 and 亿 (so 1e12 is 壹万亿). Every run of zeros between two
 * non-zero digits reads as one 零, also across 万/亿 (10001000 → 壹仟万零壹仟); trailing zeros read as nothing.
 */
function integerWords(n: number): string {
  const split = (unit: number, unitWord: string, high: (h: number) => string): string => {
    const hi = Math.floor(n / unit);
    const lo = n % unit;
    if (lo === 0) return high(hi) + unitWord;
    const zerosBetween = hi % 10 === 0 || lo < unit / 10;
    return high(hi) + unitWord + (zerosBetween ? CN_DIGITS[0] : '') + integerWords(lo);
  };
  if (n >= 1e8) return split(1e8, '亿', integerWords);
  if (n >= 1e4) return split(1e4, '万', sectionWords);
  return sectionWords(n);
}

/** Splits a value into sign, integer digits and fraction digits, or null if it is not a plain decimal. */
function parseDecimal(value: number | string): { negative: boolean; int: string; frac: string } | null {
  let s: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    s = String(value);
    if (/e/i.test(s)) s = value.toFixed(20);
  } else {
    s = value.trim();
  }
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  return { negative: m[1] === '-', int: m[2] || '0', frac: m[3] ?? '' };
}

/**
 * 大写金额 of a yuan amount given as a number or decimal string.
 * - empty values (undefined, null, '', NaN, false) and non-numeric strings give '';
 * - the number 0 (and '0', '0.00', or anything rounding to 0) gives '零元整';
 * - 1e15 or more gives AMOUNT_TOO_LARGE_MSG;
 * - rounds half up to 2 decimals (decimal-string rounding, so 1.005 → 壹元零壹分);
 * - one 零 for each run of zeros between non-zero digits of the yuan part, also across 万/亿 sections
 *   (10001000 → 壹仟万零壹仟元整); in the fraction, 零 when 角 is 0 between non-zero yuan and 分 (1.05 → 壹元零伍分),
 *   none for zeros at the end of the yuan part (10.5 → 壹拾元伍角);
 * - '整' only when there is no fraction; negatives are prefixed with 负;
 * - `script: 'Hant'` writes the same words in Traditional characters (貳 參 陸 萬 億 負).
 */
export function amountInWords(value: number | string | null | undefined | boolean, options: AmountInWordsOptions = {}): string {
  return inScript(simplifiedWords(value, options), options.script);
}

function simplifiedWords(value: number | string | null | undefined | boolean, options: AmountInWordsOptions): string {
  if (value === null || value === undefined || typeof value === 'boolean' || value === '') return '';
  if (typeof value === 'number' && Math.abs(value) >= AMOUNT_WORDS_MAX) return AMOUNT_TOO_LARGE_MSG;
  const parsed = parseDecimal(value);
  if (!parsed) return '';
  const decimals = options.decimals ?? 2;
  let digits = parsed.int + parsed.frac.slice(0, decimals).padEnd(decimals, '0');
  if (Number(parsed.frac[decimals] ?? '0') >= 5) digits = incrementDigits(digits);
  const intDigits = digits.slice(0, -decimals).replace(/^0+/, '');
  const fracDigits = digits.slice(-decimals);
  if (intDigits.length > 15) return AMOUNT_TOO_LARGE_MSG;
  const intValue = intDigits === '' ? 0 : Number(intDigits);
  if (intValue === 0 && /^0*$/.test(fracDigits)) return AMOUNT_ZERO_WORDS;

  let out = intValue > 0 ? `${integerWords(intValue)}元` : '';
  if (/^0*$/.test(fracDigits)) return `${parsed.negative ? '负' : ''}${out}整`;
  let seenNonZero = intValue > 0;
  let pendingZero = false;
  for (let i = 0; i < fracDigits.length; i++) {
    const d = Number(fracDigits[i]);
    if (d === 0) {
      pendingZero = seenNonZero;
      continue;
    }
    if (pendingZero) out += CN_DIGITS[0];
    pendingZero = false;
    seenNonZero = true;
    out += CN_DIGITS[d] + CN_DECIMAL_UNITS[i];
  }
  return `${parsed.negative ? '负' : ''}${out}`;
}
