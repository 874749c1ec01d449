import { type ReactNode, useCallback, useRef } from 'react';
import { RowContent } from './RowContent.tsx';
import { useVirtualRows } from './useVirtualRows.ts';
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

/** A long list that draws only the rows near the view, in its own scrolling box filling its parent. */
export function VirtualList<T>({ items, keyOf, renderRow, rowHeight, top, bottom, onEndReached, overscan, testId }: VirtualListProps<T>) {
  // the keys change with the items only: the virtualizer keeps its layout between scroll frames
  const keyOfRef = useRef(keyOf);
  keyOfRef.current = keyOf;
  const getItemKey = useCallback((index: number) => keyOfRef.current(items[index]), [items]);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const { scrollerRef, topRef, virtualizer, items: drawn, listHeight, offsetOf } = useVirtualRows({
    count: items.length,
    estimateSize,
    getItemKey,
    overscan,
    onEndReached,
  });
  return (
    <div ref={scrollerRef} className={styles.scroller} data-testid={testId}>
      {top !== undefined ? <div ref={topRef}>{top}</div> : null}
      <div className={styles.rows} style={{ height: listHeight }}>
        {drawn.map((item) => (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className={styles.slot}
            style={{ transform: `translateY(${offsetOf(item)}px)` }}
          >
            <RowContent item={items[item.index]} index={item.index} render={renderRow} />
          </div>
        ))}
      </div>
      {bottom}
    </div>
  );
}
