import jsQR from 'jsqr';

/** Reads QR codes from pixels, pictures and camera frames (`jsqr`). */

/** The text of a QR code found in RGBA pixels, or null. Tries inverted colours too (light-on-dark codes). */
export function decodeQrPixels(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  if (width <= 0 || height <= 0 || rgba.length < width * height * 4) return null;
  const found = jsQR(rgba, width, height, { inversionAttempts: 'attemptBoth' });
  const text = found?.data?.trim();
  return text ? text : null;
}

/** Largest side a picture is scaled to before decoding (big photos are slow and no more readable). */
export const DECODE_MAX_SIDE = 1024;

/** Size a `width`×`height` picture is drawn at for decoding: downscaled to DECODE_MAX_SIDE, never enlarged. */
export function decodeSize(width: number, height: number, maxSide = DECODE_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Reads a QR code from anything drawable (image, bitmap, video frame). Browser only. */
export function decodeQrFrom(source: CanvasImageSource, width: number, height: number, canvas = document.createElement('canvas')): string | null {
  const size = decodeSize(width, height);
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, size.width, size.height);
  const pixels = context.getImageData(0, 0, size.width, size.height);
  return decodeQrPixels(pixels.data, size.width, size.height);
}

/** Reads a QR code from a picked image file; null when the file is not a picture or holds no code. */
export async function decodeQrFile(file: Blob): Promise<string | null> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return decodeQrFrom(image, image.naturalWidth, image.naturalHeight);
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Kinds of scanned text the page tells apart before asking the server. */
export function isWebAddress(text: string): boolean {
  return /^https?:\/\/\S+$/i.test(text.trim());
}
