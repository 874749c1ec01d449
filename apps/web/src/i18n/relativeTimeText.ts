import { relativeTime } from '@parley/protocol';
import type { TFunction } from './translator.ts';
import { t as translate } from './index.ts';

/** Spec §9 relative time ("just now", "5 minutes ago", "yesterday", "3 days ago", "2025/1/2") in the reader's language. */
export function relativeTimeText(ts: number, t: TFunction = translate, now: number = Date.now()): string {
  if (!ts) return '';
  const r = relativeTime(ts, now);
  switch (r.key) {
    case 'justNow':
      return t('relative.justNow');
    case 'shortWhileAgo':
      return t('relative.shortWhileAgo');
    case 'minutesAgo':
      return t('relative.minutesAgo', { count: r.n });
    case 'hoursAgo':
      return t('relative.hoursAgo', { count: r.n });
    case 'yesterday':
      return t('relative.yesterday');
    case 'daysAgo':
      return t('relative.daysAgo', { count: r.n });
    default:
      return r.date;
  }
}
