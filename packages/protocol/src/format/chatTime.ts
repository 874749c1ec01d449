import { pad2, startOfLocalDay, toMillis } from './time.ts';

/**
 * Chat time display (spec §9): today 'HH:mm'; yesterday; this week (ISO week, Monday start) a weekday;
 * this year 'MM-DD'; otherwise 'YYYY-MM-DD'.
 * `weekday` uses Date#getDay numbering: 0 = Sunday … 6 = Saturday.
 */
export type ChatTime =
  | { key: 'time'; text: string }
  | { key: 'yesterday' }
  | { key: 'weekday'; weekday: number }
  | { key: 'monthDay'; text: string }
  | { key: 'date'; text: string };

/** Weekday names in Date#getDay order. */
export const WEEKDAYS_ZH = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;

/** Five minutes: messages further apart than this get a time separator. */
export const TIME_SEPARATOR_GAP_MS = 300_000;

/** `sendTime` in seconds (ms accepted by the 9e10 rule). */
export function chatTime(sendTime: number, now: number = Date.now()): ChatTime {
  const t = toMillis(sendTime);
  const d = new Date(t);
  const today = startOfLocalDay(now);
  const yesterday = startOfLocalDay(now, -1);
  const tomorrow = startOfLocalDay(now, 1);
  if (t >= today && t < tomorrow) return { key: 'time', text: `${pad2(d.getHours())}:${pad2(d.getMinutes())}` };
  if (t >= yesterday && t < today) return { key: 'yesterday' };
  const mondayOffset = (new Date(now).getDay() + 6) % 7;
  if (t >= startOfLocalDay(now, -mondayOffset) && t < yesterday) return { key: 'weekday', weekday: d.getDay() };
  const md = `${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
  if (d.getFullYear() === new Date(now).getFullYear()) return { key: 'monthDay', text: md };
  return { key: 'date', text: `${d.getFullYear()}-${md}` };
}

/** Chinese rendering of a ChatTime. */
export function chatTimeZh(c: ChatTime): string {
  switch (c.key) {
    case 'yesterday':
      return '昨天';
    case 'weekday':
      return WEEKDAYS_ZH[c.weekday];
    default:
      return c.text;
  }
}

/** True when there is no previous message or the two are at least 5 minutes apart (either order). */
export function shouldShowTimeSeparator(prevSendTime: number | undefined | null, sendTime: number): boolean {
  if (prevSendTime === undefined || prevSendTime === null) return true;
  return Math.abs(toMillis(sendTime) - toMillis(prevSendTime)) >= TIME_SEPARATOR_GAP_MS;
}
