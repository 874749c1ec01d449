import { startOfLocalDay, toMillis } from './time.ts';

/**
 * Relative time (spec §9), as a structured result the UI translates:
 * justNow · minutesAgo n · hoursAgo n · yesterday · daysAgo n · date 'Y/M/D' (no zero padding),
 * plus shortWhileAgo from the second helper for times in the future.
 */
export type RelativeTime =
  | { key: 'justNow' }
  | { key: 'shortWhileAgo' }
  | { key: 'minutesAgo'; n: number }
  | { key: 'hoursAgo'; n: number }
  | { key: 'yesterday' }
  | { key: 'daysAgo'; n: number }
  | { key: 'date'; date: string };

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** 30 days (2,592,000 s). */
export const RELATIVE_DAYS_LIMIT_MS = 2_592_000_000;

function ymd(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}/${d.getMonth() + 1}/${d.getDate()}`;
}

/** The buckets shared by both helpers; `t` and `now` in ms. A future `t` counts as just now. */
function bucket(t: number, now: number): RelativeTime {
  if (!Number.isFinite(t)) return { key: 'date', date: '' };
  const diff = now - t;
  if (diff < MINUTE) return { key: 'justNow' };
  if (diff < HOUR) return { key: 'minutesAgo', n: Math.floor(diff / MINUTE) };
  const today = startOfLocalDay(now);
  if (t >= today) return { key: 'hoursAgo', n: Math.floor(diff / HOUR) };
  // "Up to 24 h beyond today's midnight": the calendar start of yesterday (identical except on DST change days).
  if (t >= startOfLocalDay(now, -1)) return { key: 'yesterday' };
  if (diff < RELATIVE_DAYS_LIMIT_MS) {
    // Calendar days between the two dates (so n >= 2 here); Math.round absorbs DST hours.
    return { key: 'daysAgo', n: Math.round((today - startOfLocalDay(t)) / 86_400_000) };
  }
  return { key: 'date', date: ymd(t) };
}

/** Spec §9 relative time. `ts` in seconds or ms (above 9e10 is ms). */
export function relativeTime(ts: number, now: number = Date.now()): RelativeTime {
  return bucket(toMillis(ts), now);
}

/**
 * Pads a timestamp to 13 digits by right-padding zeros (seconds → ms); longer values are kept.
 * Returns NaN for something that is not a run of digits.
 */
export function padTo13Digits(ts: number | string): number {
  const s = typeof ts === 'number' ? String(Math.trunc(ts)) : ts.trim();
  if (!/^\d+$/.test(s)) return Number.NaN;
  return Number(s.length < 13 ? s.padEnd(13, '0') : s);
}

/** The spec's "second time helper": pads to 13 digits, a future time is 'a short while ago', else as relativeTime. */
export function relativeTimePadded(ts: number | string, now: number = Date.now()): RelativeTime {
  const t = padTo13Digits(ts);
  if (t > now) return { key: 'shortWhileAgo' };
  return bucket(t, now);
}

/** Chinese rendering of a RelativeTime (for tests, logs and the zh locale). */
export function relativeTimeZh(r: RelativeTime): string {
  switch (r.key) {
    case 'justNow':
      return '刚刚';
    case 'shortWhileAgo':
      return '片刻之前';
    case 'minutesAgo':
      return `${r.n}分钟前`;
    case 'hoursAgo':
      return `${r.n}小时前`;
    case 'yesterday':
      return '昨天';
    case 'daysAgo':
      return `${r.n}天前`;
    case 'date':
      return r.date;
  }
}
