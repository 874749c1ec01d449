/** Display size of an image or video thumbnail from its stored width/height, within the box. */
export function thumbSize(ext: Record<string, unknown>, max = { w: 150, h: 180 }, fallback = { w: 120, h: 120 }): { width: number; height: number } {
  const w = Number(ext.width);
  const h = Number(ext.height);
  if (!(w > 0 && h > 0)) return { width: fallback.w, height: fallback.h };
  const scale = Math.min(max.w / w, max.h / h, 1);
  return { width: Math.max(60, Math.round(w * scale)), height: Math.max(60, Math.round(h * scale)) };
}

/** Seconds as m:ss (or h:mm:ss). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
