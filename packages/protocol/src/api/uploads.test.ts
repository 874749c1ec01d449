import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage, formatSizeLimit, kindOfMime } from './uploads.ts';

describe('upload rules', () => {
  it('formats limits the way people say them', () => {
    expect(formatSizeLimit(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatSizeLimit(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatSizeLimit(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatSizeLimit(1024)).toBe('1 KB');
    expect(formatSizeLimit(100 * 1024)).toBe('100 KB');
    expect(formatSizeLimit(900)).toBe('900 B');
    expect(formatSizeLimit(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatSizeLimit(0)).toBe('0 B');
    expect(formatSizeLimit(Number.NaN)).toBe('0 B');
  });

  it('says the limit in the refusal', () => {
    expect(fileTooLargeMessage(50 * 1024 * 1024)).toBe('The file is larger than the 50 MB limit');
  });

  it('derives the kind from the detected mime', () => {
    expect(kindOfMime('image/png')).toBe('image');
    expect(kindOfMime('video/mp4')).toBe('video');
    expect(kindOfMime('audio/ogg; codecs=opus')).toBe('voice');
    expect(kindOfMime('application/pdf')).toBe('file');
    expect(kindOfMime('application/octet-stream')).toBe('file');
  });
});
