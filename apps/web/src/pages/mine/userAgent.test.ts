import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './userAgent.ts';

describe('describeUserAgent', () => {
  it('names common browsers and systems', () => {
    expect(
      describeUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'),
    ).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(
      describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0')).toEqual({
      browser: 'Edge',
      system: 'Windows',
    });
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0')).toEqual({
      browser: 'Firefox',
      system: 'macOS',
    });
  });

  it('gives nulls for unknown or missing strings', () => {
    expect(describeUserAgent('curl/8.5')).toEqual({ browser: null, system: null });
    expect(describeUserAgent(undefined)).toEqual({ browser: null, system: null });
  });
});
