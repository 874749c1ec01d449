import { performance } from 'node:perf_hooks';

/**
 * One full garbage collection when the server falls quiet after a busy spell. With a young
 * generation that may grow to 8 MB a semi-space (`npm start`), a busy spell promotes little and
 * runs few full collections, and V8's memory reducer, which a full collection arms, may not run
 * after it: the spell's garbage then stayed in the heap for minutes (150-260 MB of a quiet server's
 * heap in the bench, against a live heap under 70 MB). `npm start` runs node with `--expose-gc`;
 * without it (tests, `npm run dev:server`) this does nothing.
 */
export interface QuietPolicy {
  /** how often the event loop's utilization is read */
  everyMs: number;
  /** a reading at or above this counts as busy */
  busy: number;
  /** at or below this as quiet */
  quiet: number;
  /** quiet readings in a row, after a busy one, before the collection */
  quietReadings: number;
}

export const QUIET_POLICY: QuietPolicy = { everyMs: 5_000, busy: 0.2, quiet: 0.05, quietReadings: 2 };

/** The decision alone: fed each reading, answers true when the collection is due (once per busy spell). */
export function quietAfterBusy(policy: Pick<QuietPolicy, 'busy' | 'quiet' | 'quietReadings'>) {
  let busySpell = false;
  let quietInRow = 0;
  return (utilization: number): boolean => {
    if (utilization >= policy.busy) {
      busySpell = true;
      quietInRow = 0;
      return false;
    }
    quietInRow = utilization <= policy.quiet ? quietInRow + 1 : 0;
    if (!busySpell || quietInRow < policy.quietReadings) return false;
    busySpell = false;
    quietInRow = 0;
    return true;
  };
}

/** Starts watching (the timer does not keep the process alive); answers a stop. */
export function collectWhenQuiet(policy: QuietPolicy = QUIET_POLICY): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') return () => undefined;
  const due = quietAfterBusy(policy);
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    if (due(utilization)) gc();
  }, policy.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
