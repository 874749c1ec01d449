import QRCode from 'qrcode';

/** Draws a text as a QR code image (`qrcode`). Kept apart from reading so each page loads only its library. */

/** A PNG data URL of the QR code of `text`, `size` pixels wide, with a quiet zone. */
export function qrDataUrl(text: string, size = 240): Promise<string> {
  return QRCode.toDataURL(text, { width: size, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
}
