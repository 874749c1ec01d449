/** Browsers without `requestIdleCallback` (Safari) wait this long instead. */
const FALLBACK_MS = 1000;

/** Runs `run` once the main thread is idle, or after `timeoutMs` at the latest; answers a cancel. */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, Math.min(FALLBACK_MS, timeoutMs));
  return () => clearTimeout(timer);
}
