/**
 * Calls that hold the one event loop for many milliseconds (a keyword search, a large forward)
 * take turns here: at most `concurrency` run at once, the waiting user served least recently goes
 * next, and after each call the lane rests as long as the call took (`restRatio`), so heavy calls
 * use at most about half of the loop. A few busy users then queue behind each other instead of in
 * front of everyone else's logins and sends.
 */
const MAX_REST_MS = 100;

export interface HeavyLaneOptions {
  concurrency?: number;
  restRatio?: number;
  now?: () => number;
  later?: (ms: number, fn: () => void) => void;
}

export function heavyLane({
  concurrency = 1,
  restRatio = 1,
  now = () => performance.now(),
  later = (ms, fn) => setTimeout(fn, ms),
}: HeavyLaneOptions = {}) {
  const waiting = new Map<number, (() => void)[]>();
  /** when each user with calls running or waiting last got a turn (a sequence number) */
  const lastTurn = new Map<number, number>();
  let turns = 0;
  let running = 0;

  function nextUser(): number {
    let best = -1;
    let bestTurn = Number.POSITIVE_INFINITY;
    for (const userId of waiting.keys()) {
      const t = lastTurn.get(userId) ?? 0;
      if (t < bestTurn) [best, bestTurn] = [userId, t];
    }
    return best;
  }

  function startNext(): void {
    while (running < concurrency && waiting.size > 0) {
      const userId = nextUser();
      const queue = waiting.get(userId) as (() => void)[];
      const start = queue.shift() as () => void;
      if (queue.length === 0) waiting.delete(userId);
      turns += 1;
      lastTurn.set(userId, turns);
      running += 1;
      start();
    }
  }

  return {
    async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
      await new Promise<void>((resolve) => {
        const queue = waiting.get(userId);
        if (queue) queue.push(resolve);
        else waiting.set(userId, [resolve]);
        startNext();
      });
      const started = now();
      try {
        return await work();
      } finally {
        if (!waiting.has(userId)) lastTurn.delete(userId);
        later(Math.min((now() - started) * restRatio, MAX_REST_MS), () => {
          running -= 1;
          startNext();
        });
      }
    },
    /** calls waiting for their turn */
    waitingCount(): number {
      let n = 0;
      for (const q of waiting.values()) n += q.length;
      return n;
    },
  };
}

export type HeavyLane = ReturnType<typeof heavyLane>;
