import { describe, expect, it } from 'vitest';
import { badgeExtOf } from './fileIcon.ts';

describe('file card badge', () => {
  it('shows the extension of the name, not the detected type', () => {
    expect(badgeExtOf('report.pdf', 'bin')).toBe('PDF');
    expect(badgeExtOf('photo.jpeg', 'jpg')).toBe('JPEG');
    expect(badgeExtOf('archive.tar.gz', 'gz')).toBe('GZ');
  });

  it('falls back to the detected type for names without one', () => {
    expect(badgeExtOf('README', 'txt')).toBe('TXT');
    expect(badgeExtOf('.bashrc', 'txt')).toBe('TXT');
    expect(badgeExtOf('notes.', '')).toBe('');
  });
});
