import { type Compilable, CompiledQuery } from 'kysely';
import { runDirect } from './direct.ts';
import type { Db } from './index.ts';

/**
 * A statement on a hot path whose text depends only on a small shape (how many rows, how many ids):
 * Kysely builds and compiles it once per database and shape, later runs send the same text with new
 * parameters (on SQLite straight to the file, see direct.ts). Building a query with Kysely costs more
 * than SQLite running a primary-key probe, and its garbage adds to that; the sends and claims pay it
 * for every message otherwise.
 *
 * `params` lists the parameters in the order the built statement takes them. The first run of each
 * shape builds the statement and checks that order against Kysely's own (and throws if they differ),
 * so a wrong `params` fails the first test that runs it.
 */
export function reusable<A, R>(spec: {
  build: (db: Db, args: A) => Compilable<R>;
  params: (args: A) => unknown[];
  /** what the statement's text depends on (default: nothing) */
  shape?: (args: A) => number;
  /** shapes above this are built every time (their texts are long and rarely repeat) */
  maxShape?: number;
}): (db: Db, args: A) => Promise<R[]> {
  // one cache per dialect adapter (a transaction shares its database's): SQLite and PostgreSQL texts differ
  const texts = new WeakMap<object, Map<number, string>>();
  return async (db, args) => {
    const adapter = db.getExecutor().adapter;
    let byShape = texts.get(adapter);
    if (!byShape) {
      byShape = new Map();
      texts.set(adapter, byShape);
    }
    const shape = spec.shape?.(args) ?? 0;
    if (shape > (spec.maxShape ?? Number.POSITIVE_INFINITY)) return (await db.executeQuery(spec.build(db, args))).rows;
    const text = byShape.get(shape);
    if (text !== undefined) {
      const params = spec.params(args);
      return runDirect<R>(db, text, params) ?? (await db.executeQuery<R>(CompiledQuery.raw(text, params) as CompiledQuery<R>)).rows;
    }
    const compiled = spec.build(db, args).compile();
    const mine = spec.params(args);
    if (mine.length !== compiled.parameters.length || mine.some((p, i) => p !== compiled.parameters[i])) {
      throw new Error(`reusable: params() disagrees with the built statement ${compiled.sql}`);
    }
    byShape.set(shape, compiled.sql);
    return (await db.executeQuery(compiled)).rows;
  };
}

/**
 * `reusable` for a statement over a list (rows to insert, keys to look up): the list runs in parts
 * whose lengths are powers of two up to `maxPart` (100 rows: 64, 32, 4), so the file keeps at most
 * log2(maxPart) + 1 statements of it. A statement's compiled program grows with its rows (about
 * 1.5 kB a row for a message insert): one statement per batch length, up to 200, held 29 MB.
 */
export function reusableList<T, R>(spec: {
  build: (db: Db, items: T[]) => Compilable<R>;
  params: (items: T[]) => unknown[];
  /** a power of two */
  maxPart: number;
}): (db: Db, items: readonly T[]) => Promise<R[]> {
  if (!Number.isInteger(Math.log2(spec.maxPart))) throw new Error(`reusableList: maxPart ${spec.maxPart} is not a power of two`);
  const run = reusable({ build: spec.build, params: spec.params, shape: (items) => items.length });
  return async (db, items) => {
    const answers: R[] = [];
    for (let at = 0; at < items.length; ) {
      const part = Math.min(spec.maxPart, 2 ** Math.floor(Math.log2(items.length - at)));
      for (const row of await run(db, items.slice(at, at + part))) answers.push(row);
      at += part;
    }
    return answers;
  };
}
