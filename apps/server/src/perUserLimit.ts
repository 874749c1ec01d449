/**
 * At most `limit` actions per user in each window of `windowMs` (a fixed window, per process).
 * Bounds what one user can ask of a slow shared resource such as an external engine.
 */
export function perUserLimit(limit: number, windowMs: number, now: () => number = Date.now) {
  const windows = new Map<number, { start: number; count: number }>();
  return {
    /** Counts one action; false when the user is over the limit (nothing is counted then). */
    take(userId: number): boolean {
      const t = now();
      let w = windows.get(userId);
      if (!w || t - w.start >= windowMs) {
        if (windows.size > 10_000) {
          for (const [id, old] of windows) if (t - old.start >= windowMs) windows.delete(id);
        }
        w = { start: t, count: 0 };
        windows.set(userId, w);
      }
      if (w.count >= limit) return false;
      w.count += 1;
      return true;
    },
    /** How long until the user's current window ends (0 when no window is open). */
    resetInMs(userId: number): number {
      const w = windows.get(userId);
      return w ? Math.max(0, w.start + windowMs - now()) : 0;
    },
  };
}
