/**
 * No text of the API carries U+0000 (NUL): PostgreSQL's `text` cannot store it, and SQLite's
 * full-text query syntax ends a string at it. A body with one anywhere, in a value or a key, is
 * refused before its schema is checked.
 */
export const NUL_REFUSAL = 'Text may not contain the NUL character (U+0000).';

export function carriesNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(carriesNul);
  if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) if (key.includes('\u0000') || carriesNul(v)) return true;
  }
  return false;
}
