import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileSize.ts';

describe('formatFileSize', () => {
  it('under 1024 bytes shows a whole number of bytes (decision)', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1)).toBe('1 B');
    expect(formatFileSize(1023)).toBe('1023 B');
  });
  it('steps by 1024 with 2 decimals', () => {
    expect(formatFileSize(1024)).toBe('1.00 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(1024 ** 2)).toBe('1.00 MB');
    expect(formatFileSize(5.25 * 1024 ** 2)).toBe('5.25 MB');
    expect(formatFileSize(1024 ** 3)).toBe('1.00 GB');
    expect(formatFileSize(1024 ** 4)).toBe('1.00 TB');
  });
  it('TB is the largest unit', () => {
    expect(formatFileSize(1024 ** 5)).toBe('1024.00 TB');
  });
  it('moves up a unit instead of showing 1024.00', () => {
    expect(formatFileSize(1024 ** 2 - 1)).toBe('1.00 MB');
    expect(formatFileSize(1024 * 1023)).toBe('1023.00 KB');
  });
  it('rounds fractional bytes; negative or invalid is 0 B', () => {
    expect(formatFileSize(10.6)).toBe('11 B');
    expect(formatFileSize(1023.6)).toBe('1.00 KB');
    expect(formatFileSize(-5)).toBe('0 B');
    expect(formatFileSize(Number.NaN)).toBe('0 B');
    expect(formatFileSize(Number.POSITIVE_INFINITY)).toBe('0 B');
  });
});
