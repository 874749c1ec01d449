import { expiryText } from '@parley/protocol';
import dayjs from 'dayjs';
import type { TFunction } from '../../i18n/translator.ts';

/**
 * The validity lines of a group QR code: until when, and how long is left (protocol `expiryText`).
 * One statement of the duration only: "valid for 7 days" beside "Expires in 6 days" read as a contradiction.
 */
export function groupQrValidity(expiresAt: number, t: TFunction, now: number = Date.now()): { until: string; left: string } {
  const until = t('groups.qr.validUntil', { time: dayjs(expiresAt).format('YYYY-MM-DD HH:mm') });
  const left = expiryText(expiresAt, now);
  if (left.expired) return { until, left: t('groups.qr.expired') };
  if ('full' in left) return { until, left: left.full };
  const key = { minutes: 'groups.qr.leftMinutes', hours: 'groups.qr.leftHours', days: 'groups.qr.leftDays' } as const;
  return { until, left: t(key[left.unit], { count: left.n }) };
}
