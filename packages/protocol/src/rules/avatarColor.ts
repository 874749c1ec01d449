/** Avatar background colours (spec §3): 1 or none blue, 2 orange, 3 red, 4 green, 5 grey. */
export const AVATAR_COLORS = {
  1: '#1677ff',
  2: '#fa8c16',
  3: '#f5222d',
  4: '#07c160',
  5: '#8c8c8c',
} as const;
export type AvatarColorCode = keyof typeof AVATAR_COLORS;
export const AVATAR_COLOR_CODES: readonly AvatarColorCode[] = [1, 2, 3, 4, 5];

/** Hex colour of a code; none or unknown codes give blue. Numeric strings ('3') are accepted. */
export function avatarColorHex(code?: number | string | null): string {
  const n = Number(code);
  return AVATAR_COLOR_CODES.includes(n as AvatarColorCode) ? AVATAR_COLORS[n as AvatarColorCode] : AVATAR_COLORS[1];
}

/**
 * A deterministic code 1..5 for an id. Whole numbers (and strings of digits) use `n % 5 + 1`, so 42 and '42' agree;
 * other strings use a 32-bit FNV-1a hash of their UTF-16 code units.
 */
export function avatarColorFor(seed: number | string): AvatarColorCode {
  const s = String(seed).trim();
  if (/^\d{1,15}$/.test(s)) return ((Number(s) % 5) + 1) as AvatarColorCode;
  if (typeof seed === 'number' && Number.isFinite(seed)) return ((Math.abs(Math.trunc(seed)) % 5) + 1) as AvatarColorCode;
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (((h >>> 0) % 5) + 1) as AvatarColorCode;
}

/** Leading whitespace and invisible format characters (zero-width space/joiners, BOM, direction marks). */
const LEADING_INVISIBLE = /^[\s\p{Cf}]+/u;

/**
 * First visible character of a name, uppercased, for a drawn avatar: a whole grapheme, so emoji with
 * modifiers or ZWJ sequences and surrogate pairs stay intact. '' for an empty name.
 */
export function initialOf(name: string | null | undefined): string {
  const s = (name ?? '').replace(LEADING_INVISIBLE, '');
  if (!s) return '';
  let first: string;
  if (typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function') {
    const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)[Symbol.iterator]().next();
    first = seg.done ? '' : seg.value.segment;
  } else {
    first = Array.from(s)[0];
  }
  return first.toUpperCase();
}
