import type { IndexSection } from '@parley/protocol';

/**
 * The A-Z list laid out as one run of rows for the virtualized index: each letter's header row,
 * then its people. Pure, so the letter bar's jumps are tested without a browser.
 */

export type IndexRow<T> =
  | { kind: 'header'; section: number; letter: string }
  | { kind: 'item'; section: number; letter: string; item: T; /** the first person under the letter (no line above) */ first: boolean };

/** One letter's rows: its header row and its last row. */
export interface IndexSpan {
  letter: string;
  header: number;
  last: number;
}

export interface IndexRows<T> {
  rows: IndexRow<T>[];
  spans: IndexSpan[];
  /** The row of each letter's header: where the letter bar jumps. */
  headerOf: ReadonlyMap<string, number>;
}

export function indexRows<T>(sections: readonly IndexSection<T>[]): IndexRows<T> {
  const rows: IndexRow<T>[] = [];
  const spans: IndexSpan[] = [];
  const headerOf = new Map<string, number>();
  sections.forEach(({ letter, items }, section) => {
    const header = rows.length;
    headerOf.set(letter, header);
    rows.push({ kind: 'header', section, letter });
    items.forEach((item, i) => {
      rows.push({ kind: 'item', section, letter, item, first: i === 0 });
    });
    spans.push({ letter, header, last: rows.length - 1 });
  });
  return { rows, spans, headerOf };
}

/** The row the letter bar scrolls to for `letter`, or undefined when nobody is listed under it. */
export function rowOfLetter(index: Pick<IndexRows<unknown>, 'headerOf'>, letter: string): number | undefined {
  return index.headerOf.get(letter);
}

/** The letter of the row at the top of the view (the bar's highlighted letter), or null above the first. */
export function letterAtRow(index: Pick<IndexRows<unknown>, 'rows'>, row: number | undefined): string | null {
  if (row === undefined || row < 0) return null;
  return index.rows[Math.min(row, index.rows.length - 1)]?.letter ?? null;
}

/** The drawn rows gathered by letter, in order: each letter's block is drawn around its rows. */
export function bySection<V extends { index: number }>(
  index: Pick<IndexRows<unknown>, 'rows' | 'spans'>,
  drawn: readonly V[],
): { span: IndexSpan; rows: V[] }[] {
  const out: { span: IndexSpan; rows: V[] }[] = [];
  for (const item of drawn) {
    const row = index.rows[item.index];
    if (!row) continue;
    const span = index.spans[row.section];
    const last = out[out.length - 1];
    if (last?.span === span) last.rows.push(item);
    else out.push({ span, rows: [item] });
  }
  return out;
}
