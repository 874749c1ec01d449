import { chatTime } from '@parley/protocol';
import { t } from '../../../i18n/index.ts';

const WEEKDAY_KEYS = [
  'chat.weekday.0',
  'chat.weekday.1',
  'chat.weekday.2',
  'chat.weekday.3',
  'chat.weekday.4',
  'chat.weekday.5',
  'chat.weekday.6',
] as const;

/** The time separator text (spec §9 chat time): today HH:mm, yesterday, weekday, MM-DD, YYYY-MM-DD. */
export function chatTimeLabel(sendTime: number, now = Date.now()): string {
  const c = chatTime(sendTime, now);
  const clock = chatTime(sendTime, sendTime * 1000);
  const hhmm = clock.key === 'time' ? clock.text : '';
  switch (c.key) {
    case 'time':
      return c.text;
    case 'yesterday':
      return `${t('chat.yesterday')} ${hhmm}`;
    case 'weekday':
      return `${t(WEEKDAY_KEYS[c.weekday])} ${hhmm}`;
    default:
      return `${c.text} ${hhmm}`;
  }
}
