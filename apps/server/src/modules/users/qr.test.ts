import { describe, expect, it } from 'vitest';
import { isParleyQr, signQr, verifyQr } from './qr.ts';

const SECRET = 'test-secret-of-enough-length';
const NOW = Date.UTC(2025, 0, 1);

describe('signed QR codes', () => {
  it('signs a user code that verifies back to its kind and id', () => {
    const { text, expiresAt } = signQr(SECRET, 'u', 42, 3600, NOW);
    expect(text).toMatch(/^parley:\/\/u\/42\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(NOW + 3600_000);
    expect(verifyQr(SECRET, text, NOW)).toEqual({ kind: 'u', id: 42, exp: expiresAt / 1000 });
    expect(verifyQr(SECRET, `  ${text}\n`, NOW)).toMatchObject({ kind: 'u', id: 42 });
  });

  it('signs group codes for 7 days', () => {
    const { text } = signQr(SECRET, 'g', 7, 7 * 24 * 3600, NOW);
    expect(verifyQr(SECRET, text, NOW + 6 * 24 * 3600_000)).toMatchObject({ kind: 'g', id: 7 });
    expect(verifyQr(SECRET, text, NOW + 7 * 24 * 3600_000)).toEqual({ error: 'expired' });
  });

  it('refuses forged codes: other secret, changed id, kind, expiry or signature', () => {
    const { text } = signQr(SECRET, 'u', 42, 3600, NOW);
    expect(verifyQr('another-secret', text, NOW)).toEqual({ error: 'forged' });
    expect(verifyQr(SECRET, text.replace('/u/42?', '/u/43?'), NOW)).toEqual({ error: 'forged' });
    expect(verifyQr(SECRET, text.replace('://u/', '://g/'), NOW)).toEqual({ error: 'forged' });
    const exp = /exp=(\d+)/.exec(text)![1];
    expect(verifyQr(SECRET, text.replace(`exp=${exp}`, `exp=${Number(exp) + 86400}`), NOW)).toEqual({ error: 'forged' });
    const sig = text.slice(-43);
    for (let i = 0; i < sig.length; i += 7) {
      const flipped = sig.slice(0, i) + (sig[i] === 'A' ? 'B' : 'A') + sig.slice(i + 1);
      expect(verifyQr(SECRET, text.slice(0, -43) + flipped, NOW)).toEqual({ error: 'forged' });
    }
    // The last character of base64url carries unused bits: a variant decoding to the same bytes is still refused.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twinSig = sig.slice(0, 42) + alphabet[alphabet.indexOf(sig[42]) ^ 1];
    expect(Buffer.from(twinSig, 'base64url').equals(Buffer.from(sig, 'base64url'))).toBe(true);
    expect(verifyQr(SECRET, text.slice(0, -43) + twinSig, NOW)).toEqual({ error: 'forged' });
  });

  it('reports expiry only for genuine codes', () => {
    const { text } = signQr(SECRET, 'u', 5, 60, NOW);
    expect(verifyQr(SECRET, text, NOW + 59_000)).toMatchObject({ kind: 'u' });
    expect(verifyQr(SECRET, text, NOW + 60_000)).toEqual({ error: 'expired' });
    expect(verifyQr('other', text, NOW + 60_000)).toEqual({ error: 'forged' });
  });

  it('calls anything else malformed', () => {
    for (const t of ['', 'hello', 'https://example.com', 'parley://u/42', 'parley://x/1?exp=1&sig=abc', `parley://u/0?exp=1&sig=${'A'.repeat(43)}`, `parley://u/-1?exp=1&sig=${'A'.repeat(43)}`]) {
      expect(verifyQr(SECRET, t, NOW)).toEqual({ error: 'malformed' });
    }
    expect(isParleyQr('PARLEY://u/1')).toBe(true);
    expect(isParleyQr('https://x')).toBe(false);
    expect(() => signQr(SECRET, 'u', 0, 60)).toThrow();
  });
});
