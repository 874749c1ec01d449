import { describe, expect, it } from 'vitest';
import { applicationServerKey } from './webPush.ts';

describe('applicationServerKey', () => {
  it('turns the base64url VAPID key into its bytes, padding or not', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const base64Url = Buffer.from(bytes).toString('base64url');
    expect([...applicationServerKey(base64Url)]).toEqual([...bytes]);
    expect([...applicationServerKey('-_8')]).toEqual([0xfb, 0xff]);
  });
});
