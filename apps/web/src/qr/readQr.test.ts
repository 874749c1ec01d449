import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQrPixels, decodeSize, isWebAddress } from './readQr.ts';

/** Renders the QR matrix of `text` into RGBA pixels (scale px per module, 4-module quiet zone). */
function qrPixels(text: string, scale = 4, invert = false): { rgba: Uint8ClampedArray; width: number; height: number } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const margin = 4;
  const width = (modules + margin * 2) * scale;
  const rgba = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const mx = Math.floor(x / scale) - margin;
      const my = Math.floor(y / scale) - margin;
      const inside = mx >= 0 && my >= 0 && mx < modules && my < modules;
      const dark = inside && qr.modules.get(my, mx) === 1;
      const value = dark !== invert ? 0 : 255;
      const i = (y * width + x) * 4;
      rgba[i] = value;
      rgba[i + 1] = value;
      rgba[i + 2] = value;
      rgba[i + 3] = 255;
    }
  }
  return { rgba, width, height: width };
}

describe('decodeQrPixels', () => {
  it('reads back a signed user card text', () => {
    const text = 'parley://u/12?exp=1767225600&sig=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
    const { rgba, width, height } = qrPixels(text);
    expect(decodeQrPixels(rgba, width, height)).toBe(text);
  });

  it('reads a light-on-dark code', () => {
    const { rgba, width, height } = qrPixels('https://example.com/a?b=c', 4, true);
    expect(decodeQrPixels(rgba, width, height)).toBe('https://example.com/a?b=c');
  });

  it('gives null for a picture without a code or bad sizes', () => {
    const blank = new Uint8ClampedArray(100 * 100 * 4).fill(255);
    expect(decodeQrPixels(blank, 100, 100)).toBeNull();
    expect(decodeQrPixels(blank, 0, 0)).toBeNull();
    expect(decodeQrPixels(blank, 200, 200)).toBeNull();
  });
});

describe('decodeSize', () => {
  it('downscales big pictures and keeps small ones', () => {
    expect(decodeSize(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(decodeSize(300, 500)).toEqual({ width: 300, height: 500 });
  });
});

describe('isWebAddress', () => {
  it('accepts http and https addresses only', () => {
    expect(isWebAddress('https://example.com')).toBe(true);
    expect(isWebAddress(' HTTP://x.y/z ')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('parley://u/1?exp=1&sig=x')).toBe(false);
    expect(isWebAddress('https://a b')).toBe(false);
  });
});
