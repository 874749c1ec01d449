import { describe, expect, it } from 'vitest';
import { permanentFileUrl, signedFileUrl, verifyFileSignature } from './files.ts';
import { contentDisposition, isInlineMime, parseRange } from './routes.ts';
import { sanitizeName } from './service.ts';

const SECRET = 'test-secret-0123456789';

function queryOf(url: string) {
  const q = new URL(url, 'http://x').searchParams;
  return { u: q.get('u') ?? undefined, exp: q.get('exp') ?? undefined, sig: q.get('sig') ?? undefined };
}

describe('signed file links', () => {
  const now = Date.UTC(2025, 0, 1, 12, 30);

  it('round-trips, with the expiry rounded up to the hour, about 7 days out', () => {
    const url = signedFileUrl(SECRET, 42, 7, undefined, now);
    expect(url).toMatch(/^\/common\/upload\/file\/42\?u=7&exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    const q = queryOf(url);
    expect(Number(q.exp) % 3600).toBe(0);
    expect(Number(q.exp) * 1000 - now).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000);
    expect(Number(q.exp) * 1000 - now).toBeLessThan(7 * 24 * 3600 * 1000 + 3600 * 1000);
    expect(verifyFileSignature(SECRET, 42, q, now)).toEqual({ ok: true, userId: 7, permanent: false });
    // same link for the same viewer within the hour
    expect(signedFileUrl(SECRET, 42, 7, undefined, now + 60_000)).toBe(url);
  });

  it('refuses another file, another user, another secret, a changed expiry, and an expired link', () => {
    const q = queryOf(signedFileUrl(SECRET, 42, 7, 3600, now));
    expect(verifyFileSignature(SECRET, 43, q, now).ok).toBe(false);
    expect(verifyFileSignature(SECRET, 42, { ...q, u: '8' }, now).ok).toBe(false);
    expect(verifyFileSignature('other-secret-0123456789', 42, q, now).ok).toBe(false);
    expect(verifyFileSignature(SECRET, 42, { ...q, exp: String(Number(q.exp) + 3600) }, now).ok).toBe(false);
    const late = verifyFileSignature(SECRET, 42, q, now + 3 * 3600 * 1000);
    expect(late).toEqual({ ok: false, reason: 'uploads.linkExpired' });
    expect(verifyFileSignature(SECRET, 42, {}, now).ok).toBe(false);
    expect(verifyFileSignature(SECRET, 42, { u: ['7'], exp: q.exp, sig: q.sig }, now).ok).toBe(false);
    expect(verifyFileSignature(SECRET, 42, { ...q, sig: 'short' }, now).ok).toBe(false);
  });

  it('permanent links never expire and say so', () => {
    const q = queryOf(permanentFileUrl(SECRET, 5, 9));
    expect(q.exp).toBe('0');
    expect(verifyFileSignature(SECRET, 5, q, now + 10 * 365 * 24 * 3600 * 1000)).toEqual({
      ok: true,
      userId: 9,
      permanent: true,
    });
  });
});

describe('range parsing', () => {
  it('reads one range', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });
  it('ignores what it does not serve and refuses what is outside', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-1,3-4', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
    expect(parseRange('bytes=9-3', 100)).toBeNull();
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});

describe('download headers', () => {
  it('encodes the name per RFC 5987 with an ASCII fallback', () => {
    expect(contentDisposition('inline', 'a.png')).toBe(`inline; filename="a.png"; filename*=UTF-8''a.png`);
    expect(contentDisposition('attachment', '报告 "v2" (final)*.pdf')).toBe(
      `attachment; filename="__ _v2_ (final)*.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%22v2%22%20%28final%29%2A.pdf`,
    );
  });
  it('shows only images, video and audio inline; never SVG or anything else', () => {
    expect(isInlineMime('image/png')).toBe(true);
    expect(isInlineMime('video/mp4')).toBe(true);
    expect(isInlineMime('audio/webm')).toBe(true);
    expect(isInlineMime('image/svg+xml')).toBe(false);
    expect(isInlineMime('text/html')).toBe(false);
    expect(isInlineMime('application/pdf')).toBe(false);
    expect(isInlineMime('application/octet-stream')).toBe(false);
  });
});

describe('stored names', () => {
  it('drops folders, control and bidi characters, and falls back when empty', () => {
    expect(sanitizeName('C:\\Users\\me\\a.txt', 'txt')).toBe('a.txt');
    expect(sanitizeName('../x/evil\u202egpj.exe', 'bin')).toBe('evilgpj.exe');
    expect(sanitizeName('a\u0000b\nc  d.txt', 'txt')).toBe('abc d.txt');
    expect(sanitizeName('', 'png')).toBe('file.png');
    expect(sanitizeName(undefined, '')).toBe('file');
    expect(sanitizeName('..', 'bin')).toBe('file.bin');
  });
  it('cuts to 255 characters, keeping the extension', () => {
    const cut = sanitizeName(`${'字'.repeat(400)}.docx`, 'bin');
    expect([...cut].length).toBe(255);
    expect(cut.endsWith('.docx')).toBe(true);
  });
});
