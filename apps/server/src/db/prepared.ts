import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * PostgreSQL parses and plans a statement sent without a name every time. Planning the history
 * queries cost more than running them (getMessageList's page: 0.7 ms of planning, 0.2 ms of
 * execution; the chat list's stats: 1-3 ms), so statements this server sends again and again are
 * sent as named (prepared) statements: each connection parses them once and PostgreSQL may keep a
 * plan (plan_cache_mode auto: a generic plan only where it costs no more than the custom ones).
 *
 * Not prepared: statements without parameters (transaction control, DDL), EXPLAIN, and keyword
 * searches (`like $n escape '\'`, see db/like.ts), whose best plan depends on the pattern (the
 * trigram index for a rare phrase, another way for a common word), which a generic plan cannot see. A text is prepared from its second use,
 * and at most `maxTexts` texts are (texts that differ only by list length are distinct).
 */
export interface PreparedOptions {
  maxTexts: number;
  minUses: number;
  /** hears how long each statement took (see withStatementCache) */
  onQuery?: (ms: number) => void;
}

const DEFAULTS: PreparedOptions = { maxTexts: 500, minUses: 2 };
/** texts counted before the counts start over (statements seen once, such as long IN lists, never pile up) */
const MAX_COUNTED = 10_000;

export function preparingPool(pool: pg.Pool, options: Partial<PreparedOptions> = {}): PostgresPool {
  const { maxTexts, minUses, onQuery } = { ...DEFAULTS, ...options };
  const names = new Map<string, string>();
  const uses = new Map<string, number>();

  function nameOf(text: string): string | undefined {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= maxTexts || !preparable(text)) return undefined;
    const n = (uses.get(text) ?? 0) + 1;
    if (n < minUses) {
      if (uses.size >= MAX_COUNTED) uses.clear();
      uses.set(text, n);
      return undefined;
    }
    uses.delete(text);
    const name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
    return name;
  }

  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  function wrap(client: pg.PoolClient): PostgresPoolClient {
    let w = wrapped.get(client);
    if (!w) {
      w = {
        // biome-ignore lint/suspicious/noExplicitAny: Kysely's client type overloads query for cursors, which pass through
        query: ((text: any, parameters?: readonly unknown[]) => {
          // a cursor (not a text) passes through untimed
          if (typeof text !== 'string') return client.query(text);
          const name = parameters && parameters.length > 0 ? nameOf(text) : undefined;
          const started = performance.now();
          const running =
            name !== undefined
              ? client.query({ name, text, values: [...(parameters ?? [])] })
              : parameters === undefined
                ? client.query(text)
                : client.query(text, [...parameters]);
          if (!onQuery) return running;
          const done = () => onQuery(performance.now() - started);
          running.then(done, done);
          return running;
        }) as PostgresPoolClient['query'],
        release: () => client.release(),
      };
      wrapped.set(client, w);
    }
    return w;
  }

  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}

/** Whether a statement's text may be prepared (see preparingPool). */
export function preparable(text: string): boolean {
  return !/^\s*explain\b/i.test(text) && !/\blike\s+\$\d+\s+escape\b/i.test(text);
}
