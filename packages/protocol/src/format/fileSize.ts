export const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * File size display (spec §9): units B to TB, step 1024, 2 decimals.
 * Bytes are rounded to a whole number first; under 1024 bytes shows a whole number ('0 B', '1023 B'); invalid or negative input shows '0 B'.
 * A value that would round to 1024.00 moves up a unit ('1.00 MB'); TB is the largest unit.
 */
export function formatFileSize(bytes: number): string {
  const whole = Number.isFinite(bytes) && bytes > 0 ? Math.round(bytes) : 0;
  if (whole < 1024) return `${whole} B`;
  let value = whole;
  let unit = 0;
  while (unit < FILE_SIZE_UNITS.length - 1 && Number(value.toFixed(2)) >= 1024) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)} ${FILE_SIZE_UNITS[unit]}`;
}
