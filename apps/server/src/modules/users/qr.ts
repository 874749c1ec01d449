import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed QR texts, pure (no database): `parley://<kind>/<id>?exp=<unix seconds>&sig=<base64url HMAC-SHA256>`.
 * kind 'u' is a user's card, 'g' a group's code (the groups module signs those, valid 7 days, spec §9).
 * The signature covers kind, id and expiry, so neither can be changed without the server's secret.
 */
export type QrKind = 'u' | 'g';

/** A group code also names its maker and the group's code generation (`v`), both signed. */
export interface QrTie {
  by: number;
  v: number;
}

export type QrVerdict =
  | ({ kind: QrKind; id: number; exp: number } & Partial<QrTie>)
  | { error: 'forged' | 'expired' | 'malformed' };

export const QR_SCHEME = 'parley://';
const PATTERN = /^parley:\/\/([ug])\/([1-9]\d{0,14})\?(?:by=([1-9]\d{0,14})&v=(\d{1,9})&)?exp=(\d{1,12})&sig=([A-Za-z0-9_-]{43})$/;

function mac(secret: string, kind: QrKind, id: number, exp: number, tie?: QrTie): Buffer {
  const tied = tie ? `${tie.by}:${tie.v}:` : '';
  return createHmac('sha256', secret).update(`parley-qr:${kind}:${id}:${tied}${exp}`).digest();
}

/** Signs a code for `id` valid `expSeconds` from `now` (ms). */
export function signQr(
  secret: string,
  kind: QrKind,
  id: number,
  expSeconds: number,
  now = Date.now(),
  tie?: QrTie,
): { text: string; expiresAt: number } {
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`signQr: bad id ${id}`);
  const exp = Math.floor(now / 1000) + Math.max(1, Math.floor(expSeconds));
  const sig = mac(secret, kind, id, exp, tie).toString('base64url');
  const tied = tie ? `by=${tie.by}&v=${tie.v}&` : '';
  return { text: `${QR_SCHEME}${kind}/${id}?${tied}exp=${exp}&sig=${sig}`, expiresAt: exp * 1000 };
}

/** Checks a scanned text: malformed (not ours), forged (bad signature) or expired; `now` in ms. */
export function verifyQr(secret: string, text: string, now = Date.now()): QrVerdict {
  const m = PATTERN.exec(text.trim());
  if (!m) return { error: 'malformed' };
  const kind = m[1] as QrKind;
  const id = Number(m[2]);
  const tie = m[3] ? { by: Number(m[3]), v: Number(m[4]) } : undefined;
  const exp = Number(m[5]);
  // Compare the canonical text form: base64url's last character has unused bits.
  const given = Buffer.from(m[6]);
  const want = Buffer.from(mac(secret, kind, id, exp, tie).toString('base64url'));
  if (given.length !== want.length || !timingSafeEqual(given, want)) return { error: 'forged' };
  if (exp * 1000 <= now) return { error: 'expired' };
  return { kind, id, exp, ...tie };
}

/** Whether a scanned text looks like one of our codes (signed or not). */
export function isParleyQr(text: string): boolean {
  return text.trim().toLowerCase().startsWith(QR_SCHEME);
}

/**
 * Group codes made by the owner or an admin are signed with a key of their own, so that they keep
 * working when the group's invite switch is off (members' codes do not).
 */
export function staffQrSecret(secret: string): string {
  return `${secret}:group-staff`;
}

/** Verifies any of our codes, trying the staff key for group codes; `staff` tells which key signed it. */
export function verifyAnyQr(secret: string, text: string, now = Date.now()): QrVerdict & { staff?: boolean } {
  const plain = verifyQr(secret, text, now);
  if (!('error' in plain) || plain.error !== 'forged') return plain;
  const staff = verifyQr(staffQrSecret(secret), text, now);
  return 'error' in staff || staff.kind !== 'g' ? plain : { ...staff, staff: true };
}
