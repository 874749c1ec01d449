/** A result that fails its own job only (the rest of the batch is answered as usual). */
export class JobFailed {
  constructor(readonly error: unknown) {}
}

export interface BatchPacing {
  /**
   * A job that comes within this many ms of the last batch's end (a busy moment) waits this long
   * for others before its batch runs; a job of a quiet moment waits one turn only. 0: never lingers.
   */
  lingerMs?: number;
}

/**
 * Jobs submitted in the same turn, or while a batch runs, go together in the next batch: a group
 * commit when `run` writes (a burst costs a few transactions instead of one each; each job is
 * answered only after its batch committed), one query for many keys when it reads. `run` answers one result per
 * job, in order (a `JobFailed` fails that job alone); if it throws, every job of that batch fails
 * with the error.
 */
export function batcher<Job, Result>(run: (jobs: Job[]) => Promise<(Result | JobFailed)[]>, maxBatch = 500, pacing: BatchPacing = {}) {
  let queue: { job: Job; resolve(r: Result): void; reject(e: unknown): void }[] = [];
  let running = false;
  /** when the last batch ended (performance.now() ms) */
  let lastEnded = Number.NEGATIVE_INFINITY;
  const lingerMs = pacing.lingerMs ?? 0;

  async function drain(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await run(batch.map((b) => b.job));
        for (const [i, b] of batch.entries()) {
          const r = results[i];
          if (r instanceof JobFailed) b.reject(r.error);
          else b.resolve(r);
        }
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    running = false;
    lastEnded = performance.now();
  }

  return {
    submit(job: Job): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        // the first job of a quiet moment waits one turn, so the requests read in the same turn join it;
        // right after a batch (a busy moment) it lingers, so that more join it
        if (!running) {
          running = true;
          if (lingerMs > 0 && performance.now() - lastEnded < lingerMs) setTimeout(() => void drain(), lingerMs);
          else setImmediate(() => void drain());
        }
      });
    },
  };
}
