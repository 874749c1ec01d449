import { pad2, toMillis } from './time.ts';

/**
 * Expiry text (spec §5), e.g. a member muted until a time.
 * - overdue: months (30-day), weeks, days or hours since, the largest that fits; at least 1.
 * - otherwise time left in minutes (< 1 h), hours (< 1 day) or days; at least 1.
 * - a future date more than 12 calendar months ahead: the full local date 'YYYY-MM-DD HH:mm'.
 * A target exactly equal to `now` counts as overdue.
 */
export type ExpiryText =
  | { expired: true; unit: 'months' | 'weeks' | 'days' | 'hours'; n: number }
  | { expired: false; unit: 'minutes' | 'hours' | 'days'; n: number }
  | { expired: false; full: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function fullDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** `target`: a Date or a timestamp in seconds or ms (above 9e10 is ms). */
export function expiryText(target: number | Date, now: number = Date.now()): ExpiryText {
  const t = target instanceof Date ? target.getTime() : toMillis(target);
  const at = (n: number) => Math.max(1, Math.floor(n));
  if (t <= now) {
    const ago = now - t;
    if (ago >= 30 * DAY) return { expired: true, unit: 'months', n: at(ago / (30 * DAY)) };
    if (ago >= 7 * DAY) return { expired: true, unit: 'weeks', n: at(ago / (7 * DAY)) };
    if (ago >= DAY) return { expired: true, unit: 'days', n: at(ago / DAY) };
    return { expired: true, unit: 'hours', n: at(ago / HOUR) };
  }
  const n = new Date(now);
  const yearAhead = new Date(
    n.getFullYear() + 1,
    n.getMonth(),
    n.getDate(),
    n.getHours(),
    n.getMinutes(),
    n.getSeconds(),
    n.getMilliseconds(),
  ).getTime();
  if (t > yearAhead) return { expired: false, full: fullDate(t) };
  const left = t - now;
  if (left < HOUR) return { expired: false, unit: 'minutes', n: at(left / 60_000) };
  if (left < DAY) return { expired: false, unit: 'hours', n: at(left / HOUR) };
  return { expired: false, unit: 'days', n: at(left / DAY) };
}

export const EXPIRY_UNITS_ZH = { months: '个月', weeks: '周', days: '天', hours: '小时', minutes: '分钟' } as const;

/** Chinese rendering: '已过期3天', '剩余5小时', or the full date. */
export function expiryTextZh(e: ExpiryText): string {
  if ('full' in e) return e.full;
  return `${e.expired ? '已过期' : '剩余'}${e.n}${EXPIRY_UNITS_ZH[e.unit]}`;
}
