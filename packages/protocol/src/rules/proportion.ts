import { PROPORTION_TOTAL_MIN } from '../limits.ts';

/** A share proportion entry of a dynamic form (spec §3). */
export interface ProportionEntry {
  realname: string;
  user_id: number | string;
  proportion: number | string;
}

/**
 * Share proportions must total at least 100 (spec §5), else they are flagged (`ok: false`).
 * Non-numeric or negative proportions count as 0; the total is rounded to 2 decimals to absorb float noise
 * (33.3 + 33.3 + 33.4 is 100).
 */
export function checkProportions(entries: readonly ProportionEntry[]): { total: number; ok: boolean } {
  let sum = 0;
  for (const e of entries) {
    const p = typeof e.proportion === 'number' ? e.proportion : Number(String(e.proportion).trim() || Number.NaN);
    if (Number.isFinite(p) && p > 0) sum += p;
  }
  const total = Math.round(sum * 100) / 100;
  return { total, ok: total >= PROPORTION_TOTAL_MIN };
}
