import { batcher, JobFailed } from '../../db/batcher.ts';
import { announce, type DeliverCtx, type Delivered, type Draft, type StoredDraft, storeDrafts } from './deliver.ts';
import type { SenderColumns } from './serialize.ts';
import type { OwnSocket } from '../../realtime/ownSocket.ts';

export interface Outgoing {
  draft: Draft;
  sender: SenderColumns | undefined;
  /** the sender's socket, which gets the answer instead of a push */
  exceptClientId?: OwnSocket;
}

/**
 * How sendMessage stores and pushes. On SQLite, sends that arrive together share one transaction
 * (a group commit): the file takes one transaction at a time anyway, and a commit (its WAL write and
 * the full-text index's flush) costs far more than one more row. Each send is answered, and pushed,
 * only after its batch committed. A batch that fails is retried send by send, so one bad send fails
 * alone. PostgreSQL commits on many connections at once, so there each send is its own transaction.
 */
const MAX_SENDS_PER_COMMIT = 500;
/**
 * While sends come in back to back, each waits this long for others before its commit: at 3,000
 * sends/s a commit took about 90 µs, a sixth of the server's time, for 3 sends on average. A quiet
 * node commits at the next turn.
 */
const BUSY_LINGER_MS = 2;

export function sendQueue(ctx: DeliverCtx) {
  async function storeOrSplit(jobs: Outgoing[]): Promise<(StoredDraft | JobFailed)[]> {
    const senders = new Map(jobs.map((j) => [j.draft.from_user, j.sender]));
    try {
      return await storeDrafts(ctx, jobs.map((j) => j.draft), senders);
    } catch (err) {
      if (jobs.length === 1) return [new JobFailed(err)];
      const alone: (StoredDraft | JobFailed)[] = [];
      for (const job of jobs) alone.push(...(await storeOrSplit([job])));
      return alone;
    }
  }

  async function storeAndAnnounce(jobs: Outgoing[]): Promise<(Delivered | JobFailed)[]> {
    const stored = await storeOrSplit(jobs);
    const okAt = stored.flatMap((s, i) => (s instanceof JobFailed ? [] : [i]));
    const delivered = await announce(
      ctx,
      okAt.map((i) => stored[i] as StoredDraft),
      (n) => jobs[okAt[n]].exceptClientId,
    );
    let n = 0;
    return stored.map((s) => (s instanceof JobFailed ? s : delivered[n++]));
  }
  const batch = batcher(storeAndAnnounce, MAX_SENDS_PER_COMMIT, { lingerMs: BUSY_LINGER_MS });

  return async function submit(job: Outgoing): Promise<Delivered> {
    if (ctx.dialect === 'sqlite') return batch.submit(job);
    const [stored] = await storeDrafts(ctx, [job.draft], new Map([[job.draft.from_user, job.sender]]));
    const [delivered] = await announce(ctx, [stored], () => job.exceptClientId);
    return delivered;
  };
}
