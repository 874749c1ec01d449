import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../testing/harness.ts';

describe('security headers', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite');
  });
  afterAll(() => s.close());

  it('the web app and the API carry a strict CSP, frame-ancestors, nosniff and Referrer-Policy', async () => {
    for (const res of [await s.raw('/', {}), await s.raw('/common/pub/getSystemInfo', { method: 'POST' })]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});
