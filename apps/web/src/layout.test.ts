import { describe, expect, it } from 'vitest';
import { topBarHeight } from './layout.ts';

describe('top bar height (spec §9)', () => {
  it('is 50 px on Android and 45 px elsewhere', () => {
    expect(topBarHeight('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36')).toBe(50);
    expect(topBarHeight('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe(45);
    expect(topBarHeight('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')).toBe(45);
  });
});
