import { PROPORTION_MAX, PROPORTION_TOTAL_MIN } from '../limits.ts';

/** A share proportion entry of a dynamic form (spec §3). */
export interface ProportionEntry {
  realname: string;
  user_id: number | string;
  proportion: number | string;
}

/**
 * One entry's proportion as a number: 0 to 100 (a number, or a numeric string; empty is 0), else null
 * (negative, over 100, not finite, not a number), which the form refuses.
 */
export function proportionValue(proportion: unknown): number | null {
  const p = typeof proportion === 'number' ? proportion : typeof proportion === 'string' ? Number(proportion.trim() || 0) : Number.NaN;
  return Number.isFinite(p) && p >= 0 && p <= PROPORTION_MAX ? p : null;
}

/**
 * Share proportions must total at least 100 (spec §5), else they are flagged (`ok: false`).
 * Proportions that are not valid (`proportionValue`) count as 0; the total is rounded to 2 decimals to absorb float noise
 * (33.3 + 33.3 + 33.4 is 100).
 */
export function checkProportions(entries: readonly ProportionEntry[]): { total: number; ok: boolean } {
  let sum = 0;
  for (const e of entries) sum += proportionValue(e.proportion) ?? 0;
  const total = Math.round(sum * 100) / 100;
  return { total, ok: total >= PROPORTION_TOTAL_MIN };
}
