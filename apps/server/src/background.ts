import type { FastifyBaseLogger } from 'fastify';

/** Work done after the answer (web pushes): never awaited by a request, waited for by shutdown and tests. */
export interface Background {
  /** Starts `work` now; a failure is logged as `what`, never thrown. */
  run(what: string, work: () => Promise<void>): void;
  /** Resolves once no work is running (including work started while waiting). */
  idle(): Promise<void>;
}

export function background(log: Pick<FastifyBaseLogger, 'warn'>): Background {
  const running = new Set<Promise<void>>();
  return {
    run(what, work) {
      const job = Promise.resolve()
        .then(work)
        .catch((err: unknown) => log.warn({ err }, `${what} failed`))
        .finally(() => running.delete(job));
      running.add(job);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
