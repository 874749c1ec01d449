/**
 * Money is an integer number of fen; the API takes and gives yuan as decimal strings with at most
 * two places. These conversions use string/integer arithmetic only, never floating point.
 */

const YUAN_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * '12.34' → 1234, '12' → 1200, '0.5' → 50, '007.10' → 710.
 * Returns null for anything else: more than 2 places, a sign, spaces, '', '.5', '1.', exponents,
 * or a value beyond Number.MAX_SAFE_INTEGER fen.
 */
export function yuanToFen(yuan: string): number | null {
  if (typeof yuan !== 'string') return null;
  const m = YUAN_PATTERN.exec(yuan);
  if (!m) return null;
  const fen = Number(m[1] + (m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}

/** 1234 → '12.34', 5 → '0.05', 1200 → '12.00', -250 → '-2.50'. Throws RangeError for a non-integer. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`fen must be a safe integer, got ${fen}`);
  const digits = String(Math.abs(fen)).padStart(3, '0');
  return `${fen < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
