import { type ReactNode, useEffect, useState } from 'react';
import { RowContent } from './RowContent.tsx';
import styles from './virtual.module.css';

export interface VirtualListProps<T> {
  items: readonly T[];
  keyOf(item: T): string | number;
  renderRow(item: T, index: number): ReactNode;
  /** A row's usual height; rows are measured as drawn, so one taller than this is still right. */
  rowHeight: number;
  /** Scrolls with the list above the rows (a search box, an "everyone" entry). */
  top?: ReactNode;
  /** Below the last row: a loading mark, a count, an empty state. */
  bottom?: ReactNode;
  /** Told when the last rows are drawn: load the next page. */
  onEndReached?(): void;
  overscan?: number;
  testId?: string;
}

type Virtualized = typeof import('./VirtualizedList.tsx');

/**
 * Up to this many rows (a few screens) a list without paging draws them all: the virtualizer
 * (@tanstack/react-virtual, about 11 kB gzip) is fetched only for a list that grows past it or
 * pages, so a start with a short chat list does not load it. Once loaded it is used by every list.
 */
export const PLAIN_ROWS = 40;

let virtualized: Virtualized | undefined;
let loading: Promise<Virtualized> | undefined;
function loadVirtualized(): Promise<Virtualized> {
  loading ??= import('./VirtualizedList.tsx').then(
    (m) => (virtualized = m),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether `props` need the virtualizer: a long list, or one that loads its next page at its end. */
const needsVirtualizer = <T,>(props: VirtualListProps<T>): boolean => props.items.length > PLAIN_ROWS || props.onEndReached !== undefined;

/** A long list that draws only the rows near the view, in its own scrolling box filling its parent. */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const [loaded, setLoaded] = useState(virtualized);
  const needed = needsVirtualizer(props);
  useEffect(() => {
    if (!loaded && needed) void loadVirtualized().then(setLoaded, (error: unknown) => console.warn('the list virtualizer failed to load', error));
  }, [loaded, needed]);
  if (loaded) return <loaded.VirtualizedList {...props} />;
  return needed ? <FirstRows {...props} /> : <PlainRows {...props} />;
}

/** A short list: every row, in the same boxes as the virtualized list's. */
function PlainRows<T>({ items, keyOf, renderRow, top, bottom, testId }: VirtualListProps<T>) {
  return (
    <div className={styles.scroller} data-testid={testId} data-virtualized={0}>
      {top !== undefined ? <div>{top}</div> : null}
      <div className={styles.rows}>
        {items.map((item, index) => (
          <div key={keyOf(item)}>
            <RowContent item={item} index={index} render={renderRow} />
          </div>
        ))}
      </div>
      {bottom}
    </div>
  );
}

/** Until the virtualizer is loaded: the rows a screen shows, in the same boxes. */
function FirstRows<T>(props: VirtualListProps<T>) {
  const shown = props.items.slice(0, Math.ceil(window.innerHeight / props.rowHeight) + (props.overscan ?? 0));
  return <PlainRows {...props} items={shown} />;
}
