import { defaultRangeExtractor, type Range, useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface VirtualRowsOptions {
  count: number;
  /** A row's height: exact for fixed rows, a first guess for rows measured as drawn. */
  estimateSize(index: number): number;
  getItemKey?(index: number): string | number;
  overscan?: number;
  rangeExtractor?(range: Range): number[];
  /** Told when one of the last rows is drawn (load the next page); also right away when all rows fit. */
  onEndReached?(): void;
}

/** Rows before the end at which `onEndReached` is told, so the next page is there before it is needed. */
export const END_REACHED_ROWS = 10;

/**
 * The virtualizer of a list that scrolls in its own element, below an optional block of other
 * content (`topRef`: a search box, entries) that scrolls with it. Only the rows near the view are
 * drawn: position each at `offsetOf(item)` inside a container `listHeight` tall.
 */
export function useVirtualRows({ count, estimateSize, getItemKey, overscan = 8, rangeExtractor, onEndReached }: VirtualRowsOptions) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState<HTMLElement | null>(null);
  const topHeight = useHeightOf(top);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollerRef.current,
    estimateSize,
    getItemKey,
    overscan,
    scrollMargin: topHeight,
    rangeExtractor: rangeExtractor ?? defaultRangeExtractor,
    // the first render already draws a screen of rows, before the scroller has been measured
    initialRect: initialRect(),
  });
  const items = virtualizer.getVirtualItems();
  const lastDrawn = items.length > 0 ? items[items.length - 1].index : -1;
  useEffect(() => {
    if (onEndReached && count > 0 && lastDrawn >= count - END_REACHED_ROWS) onEndReached();
  }, [onEndReached, lastDrawn, count]);
  return {
    scrollerRef,
    /** The ref of the block above the rows. */
    topRef: setTop,
    virtualizer,
    items,
    /** The height of the rows' container (the top block not included). */
    listHeight: virtualizer.getTotalSize(),
    /** Where a row starts inside the rows' container. */
    offsetOf: (item: Pick<VirtualItem, 'start'>) => item.start - topHeight,
    /** The scroll position inside the rows (negative while the top block is in view). */
    listOffset: (virtualizer.scrollOffset ?? 0) - topHeight,
  };
}

/** The window's size: a list fills at most the screen. */
export const initialRect = (): { width: number; height: number } =>
  typeof window === 'undefined' ? { width: 0, height: 0 } : { width: window.innerWidth, height: window.innerHeight };

/** The height of an element, followed as it changes (a banner appears, a font loads). */
function useHeightOf(element: HTMLElement | null): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!element) {
      setHeight(0);
      return;
    }
    setHeight(element.offsetHeight);
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return height;
}
