import { afterEach, describe, expect, it, vi } from 'vitest';
import { batcher } from './batcher.ts';

describe('batcher', () => {
  it('jobs of one turn share a batch, jobs that come while it runs share the next, each gets its own result', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const commit = batcher(async (jobs: number[]) => {
      batches.push(jobs);
      if (batches.length === 1) await gate;
      return jobs.map((j) => j * 10);
    });
    const first = [1, 2, 3].map((j) => commit.submit(j));
    await new Promise((r) => setImmediate(r));
    const second = [4, 5].map((j) => commit.submit(j));
    release();
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('a failed batch fails its own jobs only, and the queue goes on', async () => {
    const commit = batcher(async (jobs: string[]) => {
      if (jobs.includes('bad')) throw new Error('rolled back');
      return jobs.map((j) => j.toUpperCase());
    }, 2);
    const answers = await Promise.allSettled(['bad', 'a', 'b'].map((j) => commit.submit(j)));
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect((answers[2] as PromiseFulfilledResult<string>).value).toBe('B');
  });

  describe('lingering', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('a job right after a batch waits lingerMs for others; a job of a quiet moment runs at the next turn', async () => {
      vi.useFakeTimers();
      const batches: number[][] = [];
      const commit = batcher(
        async (jobs: number[]) => {
          batches.push(jobs);
          return jobs;
        },
        500,
        { lingerMs: 2 },
      );
      const quiet = commit.submit(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(await quiet).toBe(1);
      // busy: the next job, within 2 ms of that batch, waits, and the jobs of the next 2 ms join it
      const busy = [commit.submit(2)];
      await vi.advanceTimersByTimeAsync(1);
      busy.push(commit.submit(3));
      expect(batches).toEqual([[1]]);
      await vi.advanceTimersByTimeAsync(1);
      expect(await Promise.all(busy)).toEqual([2, 3]);
      expect(batches).toEqual([[1], [2, 3]]);
      // quiet again after a pause: no wait
      await vi.advanceTimersByTimeAsync(10);
      const later = commit.submit(4);
      await vi.advanceTimersByTimeAsync(0);
      expect(await later).toBe(4);
      expect(batches).toEqual([[1], [2, 3], [4]]);
    });
  });
});
