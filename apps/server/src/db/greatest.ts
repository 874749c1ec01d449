import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from './index.ts';

/**
 * The largest of the values (`max(a, b, …)` on SQLite, `greatest(a, b, …)` on PostgreSQL). An index
 * range takes one lower bound: `id > greatest(a, b)` seeks past both, where `id > a and id > b`
 * seeks past one of them and filters the rest row by row.
 */
export function greatest(dialect: Dialect, values: RawBuilder<number>[]): RawBuilder<number> {
  const list = sql.join(values);
  return dialect === 'postgres' ? sql<number>`greatest(${list})` : sql<number>`max(${list})`;
}
