/** The pure side of the avatar cropper: which square of the picture is kept, and how it is saved. */

import { PICTURE_MIMES } from '@parley/protocol';

/** The saved avatar is at most this many pixels on a side (smaller pictures are not enlarged). */
export const AVATAR_OUTPUT_PX = 512;
/** The picture picked may be this large; it is cropped and downscaled before upload. */
export const AVATAR_SOURCE_MAX_BYTES = 20 * 1024 * 1024;
export const AVATAR_MAX_ZOOM = 4;

export interface CropRect {
  /** left and top of the kept square, in source pixels */
  sx: number;
  sy: number;
  /** side of the kept square, in source pixels */
  side: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The square kept from a `width`×`height` picture: centred, its side the shorter edge divided by `zoom`
 * (1..AVATAR_MAX_ZOOM), moved by `pan` (source pixels from the centre) but never past an edge.
 */
export function cropRect(width: number, height: number, zoom = 1, pan: { x: number; y: number } = { x: 0, y: 0 }): CropRect {
  const z = clamp(Number.isFinite(zoom) ? zoom : 1, 1, AVATAR_MAX_ZOOM);
  const side = Math.max(1, Math.min(width, height) / z);
  const sx = clamp((width - side) / 2 + pan.x, 0, Math.max(0, width - side));
  const sy = clamp((height - side) / 2 + pan.y, 0, Math.max(0, height - side));
  return { sx, sy, side };
}

/** Keeps a pan inside the picture for that zoom (so dragging past an edge does not pile up). */
export function clampPan(width: number, height: number, zoom: number, pan: { x: number; y: number }): { x: number; y: number } {
  const { sx, sy, side } = cropRect(width, height, zoom, pan);
  return { x: sx - (width - side) / 2, y: sy - (height - side) / 2 };
}

/** Side of the saved square: the crop's own size, at most AVATAR_OUTPUT_PX, at least 1. */
export function outputSide(cropSide: number, max = AVATAR_OUTPUT_PX): number {
  return clamp(Math.round(cropSide), 1, max);
}

/** PNG keeps transparency; everything else is saved as JPEG. */
export function outputMime(inputMime: string): 'image/png' | 'image/jpeg' {
  return inputMime === 'image/png' ? 'image/png' : 'image/jpeg';
}

export type AvatarFileProblem = 'notImage' | 'tooLarge' | 'empty';

/** Why a picked file cannot be an avatar, or null: pictures only (JPEG, PNG, WebP, GIF), not empty, not too large. */
export function avatarFileProblem(file: { type: string; size: number }, maxBytes = AVATAR_SOURCE_MAX_BYTES): AvatarFileProblem | null {
  if (!(PICTURE_MIMES as readonly string[]).includes(file.type)) return 'notImage';
  if (file.size <= 0) return 'empty';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}
