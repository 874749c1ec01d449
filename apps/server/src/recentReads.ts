/**
 * Values read from the database, kept for `ttlMs` so that the next reads in that time do not ask
 * again (the hot path's facts, such as a friendship or a sender's name). `forget` drops one at once,
 * when what it was read from changed; a read that was under way meanwhile may have seen the old
 * value, so it is answered but not kept.
 */
export interface RecentReads<K, V> {
  /** the kept value of `key`, else `load()`'s, which is kept when `keep` says so */
  read(key: K, load: () => Promise<V>, keep: (value: V) => boolean): Promise<V>;
  forget(key: K): void;
}

export function recentReads<K, V>(ttlMs: number, maxKept: number): RecentReads<K, V> {
  const kept = new Map<K, { at: number; value: V }>();
  let forgets = 0;
  return {
    async read(key, load, keep) {
      const seen = kept.get(key);
      if (seen && Date.now() - seen.at < ttlMs) return seen.value;
      const forgetsBefore = forgets;
      const value = await load();
      if (forgets === forgetsBefore && keep(value)) {
        if (kept.size >= maxKept) kept.clear();
        kept.set(key, { at: Date.now(), value });
      } else kept.delete(key);
      return value;
    },
    forget(key) {
      forgets++;
      kept.delete(key);
    },
  };
}
