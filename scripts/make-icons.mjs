/**
 * Draws the app icons of the web manifest (apps/web/public/icons) from the favicon's shapes: a
 * green rounded square with a white speech bubble. Run once when the mark changes; the PNGs are
 * committed. `maskable` fills the whole square and keeps the bubble inside the safe circle.
 * index.html links the 32-pixel PNG as the page's icon rather than the SVG: Chromium draws an SVG
 * icon in the page's own renderer, on its main thread (11–14 ms of a slowed phone at each start).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const GREEN = [0x07, 0xc1, 0x60];
const out = path.resolve(import.meta.dirname, '../apps/web/public/icons');

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const head = Buffer.alloc(13);
  head.writeUInt32BE(size, 0);
  head.writeUInt32BE(size, 4);
  head.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', head), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Coverage of the shapes at a point of the 64-unit square: 0 outside, 1 background, 2 bubble. */
function shapeAt(u, v, { rounded, scale }) {
  const c = 32;
  const [x, y] = [c + (u - c) / scale, c + (v - c) / scale];
  const inBubble = ((x - 32) / 19) ** 2 + ((y - 31) / 16) ** 2 <= 1 || (x > 17 && x < 27 && y > 40 && y < 50 && x - 17 < (50 - y) * 0.9);
  if (inBubble) return 2;
  if (!rounded) return 1;
  const r = 16;
  const dx = Math.max(r - u, 0, u - (64 - r));
  const dy = Math.max(r - v, 0, v - (64 - r));
  return dx * dx + dy * dy <= r * r ? 1 : 0;
}

function icon(size, opts) {
  const S = 4;
  return png(size, (px, py) => {
    let bg = 0;
    let fg = 0;
    for (let i = 0; i < S; i++) {
      for (let j = 0; j < S; j++) {
        const s = shapeAt(((px + (i + 0.5) / S) * 64) / size, ((py + (j + 0.5) / S) * 64) / size, opts);
        if (s === 1) bg++;
        if (s === 2) fg++;
      }
    }
    const n = S * S;
    const alpha = (bg + fg) / n;
    if (alpha === 0) return [0, 0, 0, 0];
    const w = fg / (bg + fg);
    return [...GREEN.map((g) => Math.round(g + (255 - g) * w)), Math.round(alpha * 255)];
  });
}

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'favicon-32.png'), icon(32, { rounded: true, scale: 1 }));
fs.writeFileSync(path.join(out, 'icon-192.png'), icon(192, { rounded: true, scale: 1 }));
fs.writeFileSync(path.join(out, 'icon-512.png'), icon(512, { rounded: true, scale: 1 }));
fs.writeFileSync(path.join(out, 'maskable-512.png'), icon(512, { rounded: false, scale: 0.75 }));
console.log('icons written to', out);
