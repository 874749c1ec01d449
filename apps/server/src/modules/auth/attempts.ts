import {
  LOGIN_ACCOUNT_DELAY_BASE_MS,
  LOGIN_ACCOUNT_DELAY_MAX_MS,
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_FAILURE_WINDOW_MS,
} from '@parley/protocol';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { fail } from '../../domainError.ts';

/**
 * The one ledger of guarded attempts (sign-in, current password, e-mail codes), in `login_failures`.
 *
 * An attempt is written BEFORE the secret is checked and only then counted, so parallel requests
 * cannot all see the same low count: the k-th attempt to commit counts at least k rows, and at most
 * `limit` of any burst get to check the secret. A refused or successful attempt removes its row;
 * a failed one leaves it, as the failure it is.
 */
export interface Attempt {
  /** The check passed: forget this attempt. */
  release(): Promise<void>;
}

export function attemptLedger(db: Db, dialect: Dialect) {
  /**
   * Writes my attempt and reads the ones before it in one transaction that holds the key (SQLite has
   * one writer; PostgreSQL takes an advisory lock on the key), so a burst is counted in order: the
   * k-th attempt sees exactly k − 1 others and the first ones of a burst still get their check.
   */
  async function claim(key: string, now: number) {
    const { id, rows } = await db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      const mine = await trx.insertInto('login_failures').values({ key, at: now }).returning('id').executeTakeFirstOrThrow();
      const all = await trx
        .selectFrom('login_failures')
        .select(['id', 'at'])
        .where('key', '=', key)
        .where('at', '>', now - LOGIN_FAILURE_WINDOW_MS)
        .orderBy('at', 'asc')
        .execute();
      return { id: mine.id, rows: all };
    });
    const others = rows.filter((r) => r.id !== id).map((r) => Number(r.at));
    const release = async () => {
      await db.deleteFrom('login_failures').where('id', '=', id).execute();
    };
    return { release, others };
  }

  return {
    /**
     * Claims one attempt under `key`, allowing `limit` in the sign-in window; past it the claim stays
     * (it counts) and `security.tooManyAttempts` says how long until the oldest one expires.
     */
    async limited(key: string, limit: number, now = Date.now()): Promise<Attempt> {
      const { release, others } = await claim(key, now);
      // a refused claim stays counted: were refused claims removed, a burst that all saw the limit
      // would all be removed again and leave the key unlimited
      if (others.length >= limit) {
        const minutes = Math.max(1, Math.ceil((others[0] + LOGIN_FAILURE_WINDOW_MS - now) / 60_000));
        throw fail('security.tooManyAttempts', { minutes });
      }
      return { release };
    },

    /**
     * Claims one attempt under `key` with a growing delay: the first LOGIN_ACCOUNT_FREE_FAILURES
     * failures cost nothing, then each further attempt must wait a doubling delay after the last one.
     * `exempt` (a device that signed in before) skips the delay but still leaves its failures.
     */
    async delayed(key: string, exempt: boolean, now = Date.now()): Promise<Attempt> {
      const { release, others } = await claim(key, now);
      const wait = exempt ? 0 : accountDelayLeft(others, now);
      if (wait > 0) {
        await release();
        throw fail('security.signInDelay', { seconds: Math.ceil(wait / 1000) });
      }
      return { release };
    },

    clear: async (key: string) => {
      await db.deleteFrom('login_failures').where('key', '=', key).execute();
    },
  };
}

/** How long an attempt must still wait after `failures` (times, oldest first) of one account. */
export function accountDelayLeft(failures: number[], now: number): number {
  const over = failures.length - LOGIN_ACCOUNT_FREE_FAILURES;
  if (over < 0) return 0;
  const delay = Math.min(LOGIN_ACCOUNT_DELAY_MAX_MS, LOGIN_ACCOUNT_DELAY_BASE_MS * 2 ** over);
  return Math.max(0, failures[failures.length - 1] + delay - now);
}

export type AttemptLedger = ReturnType<typeof attemptLedger>;
