import { GROUP_QR_VALID_DAYS } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { groupQrValidity } from './qrValidity.ts';

const en = i18n.getFixedT('en');
const zh = i18n.getFixedT('zh');
const DAY = 86_400_000;

describe('group QR validity', () => {
  it('states the duration once: until when, and what is left (no "valid for 7 days" beside "6 days")', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    const lines = groupQrValidity(now + GROUP_QR_VALID_DAYS * DAY - 60_000, en, now);
    expect(lines.left).toBe('Expires in 6 days');
    expect(`${lines.until} ${lines.left}`).not.toMatch(/7 days/);
    expect(lines.until).toMatch(/^Valid until 2026-01-0[78] \d\d:\d\d$/);
  });

  it('speaks singular and plural by the language rules', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(groupQrValidity(now + DAY + 1000, en, now).left).toBe('Expires in 1 day');
    expect(groupQrValidity(now + 90 * 60_000, en, now).left).toBe('Expires in 1 hour');
    expect(groupQrValidity(now + 3 * DAY + 1000, zh, now).left).toBe('剩余3天');
    expect(groupQrValidity(now - 1000, en, now).left).toBe('This QR code has expired');
  });
});
