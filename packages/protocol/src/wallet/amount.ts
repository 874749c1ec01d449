import { yuanToFen } from '../format/money.ts';

export type AmountVerdict = { ok: true; fen: number } | { ok: false; reason: 'format' | 'zero' };

/**
 * An amount the person typed (a decimal string, or a JSON number) as fen: a positive amount with
 * at most two decimals. Negative numbers, exponents, three decimals and anything not a number are
 * 'format'; 0 (or 0.00) is 'zero'.
 */
export function parseAmount(value: unknown): AmountVerdict {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, reason: 'format' };
    text = String(value);
  } else if (typeof value === 'string') text = value.trim();
  else return { ok: false, reason: 'format' };
  const fen = yuanToFen(text);
  if (fen === null) return { ok: false, reason: 'format' };
  if (fen === 0) return { ok: false, reason: 'zero' };
  return { ok: true, fen };
}
