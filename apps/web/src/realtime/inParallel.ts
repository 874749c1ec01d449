/** Runs `run` over `items` with at most `limit` at a time; resolves when all are done. */
export async function inParallel<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await run(item);
  };
  await Promise.all(Array.from({ length: Math.max(0, Math.min(limit, queue.length)) }, worker));
}
