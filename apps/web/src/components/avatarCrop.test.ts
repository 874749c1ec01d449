import { describe, expect, it } from 'vitest';
import { AVATAR_SOURCE_MAX_BYTES, avatarFileProblem, clampPan, cropRect, outputMime, outputSide } from './avatarCrop.ts';

describe('cropRect', () => {
  it('keeps the centred square of the shorter edge at zoom 1', () => {
    expect(cropRect(1200, 800)).toEqual({ sx: 200, sy: 0, side: 800 });
    expect(cropRect(600, 900)).toEqual({ sx: 0, sy: 150, side: 600 });
    expect(cropRect(500, 500)).toEqual({ sx: 0, sy: 0, side: 500 });
  });

  it('zooming keeps a smaller centred square', () => {
    expect(cropRect(1000, 1000, 2)).toEqual({ sx: 250, sy: 250, side: 500 });
    expect(cropRect(1200, 800, 4)).toEqual({ sx: 500, sy: 300, side: 200 });
  });

  it('clamps the zoom to 1..4', () => {
    expect(cropRect(800, 800, 0.5).side).toBe(800);
    expect(cropRect(800, 800, 10).side).toBe(200);
    expect(cropRect(800, 800, Number.NaN).side).toBe(800);
  });

  it('pans but never past an edge', () => {
    expect(cropRect(1200, 800, 1, { x: 100, y: 50 })).toEqual({ sx: 300, sy: 0, side: 800 });
    expect(cropRect(1200, 800, 1, { x: 10_000, y: 0 })).toEqual({ sx: 400, sy: 0, side: 800 });
    expect(cropRect(1200, 800, 1, { x: -10_000, y: 0 })).toEqual({ sx: 0, sy: 0, side: 800 });
    expect(cropRect(1000, 1000, 2, { x: 0, y: -400 })).toEqual({ sx: 250, sy: 0, side: 500 });
  });

  it('clampPan gives back the pan that is actually applied', () => {
    expect(clampPan(1200, 800, 1, { x: 999, y: 999 })).toEqual({ x: 200, y: 0 });
    expect(clampPan(1000, 1000, 2, { x: -30, y: 40 })).toEqual({ x: -30, y: 40 });
  });
});

describe('outputSide', () => {
  it('downscales to 512 px but never enlarges', () => {
    expect(outputSide(3000)).toBe(512);
    expect(outputSide(300.4)).toBe(300);
    expect(outputSide(0.2)).toBe(1);
  });
});

describe('outputMime', () => {
  it('keeps PNG, saves the rest as JPEG', () => {
    expect(outputMime('image/png')).toBe('image/png');
    expect(outputMime('image/gif')).toBe('image/jpeg');
    expect(outputMime('image/webp')).toBe('image/jpeg');
    expect(outputMime('image/jpeg')).toBe('image/jpeg');
  });
});

describe('avatarFileProblem', () => {
  it('accepts pictures within the limit', () => {
    expect(avatarFileProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/gif', size: AVATAR_SOURCE_MAX_BYTES })).toBeNull();
  });

  it('refuses other types, empty and too large files', () => {
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('notImage');
    expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toBe('notImage');
    expect(avatarFileProblem({ type: '', size: 10 })).toBe('notImage');
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toBe('empty');
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_SOURCE_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});
