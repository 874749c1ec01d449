/** Upload kinds and limits, and how a size limit reads (no schema: the web loads these without zod). */

/** What a chat file is shown as; derived from the detected mime. */
export const UploadKind = {
  IMAGE: 'image',
  VIDEO: 'video',
  VOICE: 'voice',
  FILE: 'file',
} as const;
export type UploadKindValue = (typeof UploadKind)[keyof typeof UploadKind];

/** Stored kinds: the four above plus profile pictures and custom emoji (readable by any signed-in user). */
export type StoredUploadKind = UploadKindValue | 'avatar' | 'emoji';

/** Image types accepted for avatars and emoji (checked against the bytes). */
export const PICTURE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const EMOJI_MAX_BYTES = 2 * 1024 * 1024;
/** Default of the server's UPLOAD_MAX_BYTES (chat files). */
export const UPLOAD_MAX_BYTES_DEFAULT = 50 * 1024 * 1024;
/** Stored file names are cut to this many characters. */
export const UPLOAD_NAME_MAX = 255;
/** Signed download links are valid this long (then the client asks again, e.g. by reloading the list). */
export const FILE_URL_TTL_SECONDS = 7 * 24 * 3600;
/** Kind of a chat file from its detected mime: image/*, video/*, audio/* (voice), anything else a file. */
export function kindOfMime(mime: string): UploadKindValue {
  if (mime.startsWith('image/')) return UploadKind.IMAGE;
  if (mime.startsWith('video/')) return UploadKind.VIDEO;
  if (mime.startsWith('audio/')) return UploadKind.VOICE;
  return UploadKind.FILE;
}

/**
 * A size limit as people say it: '50 MB', '1.5 MB', '100 KB', '900 B' (step 1024, at most one
 * decimal, no trailing '.0'). Used in the 'larger than the … limit' refusal.
 */
export function formatSizeLimit(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Number.isFinite(bytes) && bytes > 0 ? Math.floor(bytes) : 0;
  let unit = 0;
  while (unit < units.length - 1 && value >= 1024) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${shown} ${units[unit]}`;
}

/** The refusal text for a file over the limit (the English of `uploads.fileTooLarge`). */
export function fileTooLargeMessage(limitBytes: number): string {
  return `The file is larger than the ${formatSizeLimit(limitBytes)} limit`;
}
