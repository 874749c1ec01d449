/** Shared time helpers for the formatters (local time zone, plain Date arithmetic). */

/** Timestamps above this are milliseconds, at or below it seconds (spec §9). */
export const MS_THRESHOLD = 9e10;

/** Converts a timestamp in seconds or milliseconds (spec §9 rule: above 9e10 is ms) to milliseconds. */
export function toMillis(ts: number): number {
  return ts > MS_THRESHOLD ? ts : ts * 1000;
}

/** Local midnight at the start of the day containing `ms`, as a timestamp. */
export function startOfLocalDay(ms: number, dayOffset = 0): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + dayOffset).getTime();
}

export function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
