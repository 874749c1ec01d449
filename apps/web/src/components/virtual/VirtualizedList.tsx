import { useCallback, useRef } from 'react';
import { RowContent } from './RowContent.tsx';
import type { VirtualListProps } from './VirtualList.tsx';
import { useVirtualRows } from './useVirtualRows.ts';
import styles from './virtual.module.css';

/** `VirtualList` once the virtualizer is loaded: only the rows near the view are drawn. */
export function VirtualizedList<T>({ items, keyOf, renderRow, rowHeight, top, bottom, onEndReached, overscan, testId }: VirtualListProps<T>) {
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
    <div ref={scrollerRef} className={styles.scroller} data-testid={testId} data-virtualized={1}>
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
