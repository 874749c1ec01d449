import type { IndexSection } from '@parley/protocol';
import { SearchOutline } from 'antd-mobile-icons';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { RowContent } from '../../components/virtual/RowContent.tsx';
import { useVirtualRows } from '../../components/virtual/useVirtualRows.ts';
import virtualStyles from '../../components/virtual/virtual.module.css';
import { type IndexMark, IndexSidebar } from './IndexSidebar.tsx';
import styles from './indexBar.module.css';
import { bySection, indexRows, letterAtRow, rowOfLetter } from './indexRows.ts';

export interface IndexedListProps<T> {
  sections: readonly IndexSection<T>[];
  renderItem(item: T): ReactNode;
  keyOf(item: T): string | number;
  /** Scrolls with the list above the first letter (entries, search); reached from the bar's top mark. */
  top?: ReactNode;
  /** Below the last section (e.g. the friend count, an empty state). */
  bottom?: ReactNode;
  testId?: string;
}

const TOP_MARK = 'top';
const HEADER_PX = 30;
const ROW_PX = 56;

/**
 * An A-Z list with the letter bar at the side, drawing only the rows near the view (ten thousand
 * friends scroll as one hundred). Each letter's block is `index-section-<letter>` around its drawn
 * rows, with its header `index-header-<letter>` kept at the top while its rows pass.
 */
export function IndexedList<T>({ sections, renderItem, keyOf, top, bottom, testId }: IndexedListProps<T>) {
  const { t } = useTranslation();
  const index = useMemo(() => indexRows(sections), [sections]);
  const keyOfRef = useRef(keyOf);
  keyOfRef.current = keyOf;
  const getItemKey = useCallback(
    (i: number) => {
      const row = index.rows[i];
      return row.kind === 'header' ? `letter-${row.letter}` : keyOfRef.current(row.item);
    },
    [index],
  );
  const estimateSize = useCallback((i: number) => (index.rows[i]?.kind === 'header' ? HEADER_PX : ROW_PX), [index]);
  const { scrollerRef, topRef, virtualizer, items, listHeight, offsetOf, listOffset } = useVirtualRows({
    count: index.rows.length,
    estimateSize,
    getItemKey,
    overscan: 10,
  });

  const jump = (key: string) => {
    const row = rowOfLetter(index, key);
    if (row !== undefined) virtualizer.scrollToIndex(row, { align: 'start' });
    else if (key === TOP_MARK) scrollerRef.current?.scrollTo({ top: 0 });
  };
  const active = listOffset < 0 ? (top !== undefined ? TOP_MARK : null) : letterAtRow(index, virtualizer.getVirtualItemForOffset(virtualizer.scrollOffset ?? 0)?.index);
  const marks: IndexMark[] = [
    ...(top !== undefined ? [{ key: TOP_MARK, label: <SearchOutline />, name: t('contacts.indexTop') }] : []),
    ...index.spans.map((span) => ({ key: span.letter })),
  ];
  const at = virtualizer.measurementsCache;

  return (
    <div className={styles.frame} data-testid={testId}>
      <div ref={scrollerRef} className={virtualStyles.scroller}>
        {top !== undefined ? <div ref={topRef}>{top}</div> : null}
        <div className={virtualStyles.rows} style={{ height: listHeight }}>
          {bySection(index, items).map(({ span, rows }) => {
            const start = at[span.header]?.start ?? 0;
            const end = at[span.last]?.end ?? start;
            return (
              <div
                key={span.letter}
                className={styles.section}
                style={{ top: offsetOf({ start }), height: end - start }}
                data-testid={`index-section-${span.letter}`}
              >
                <div className={styles.header} data-testid={`index-header-${span.letter}`}>
                  {span.letter}
                </div>
                {rows.map((item) => {
                  const row = index.rows[item.index];
                  if (row.kind === 'header') return null;
                  return (
                    <div
                      key={item.key}
                      ref={virtualizer.measureElement}
                      data-index={item.index}
                      className={row.first ? `${styles.row} ${styles.first}` : styles.row}
                      style={{ transform: `translateY(${item.start - start}px)` }}
                    >
                      <RowContent item={row.item} index={item.index} render={renderItem} />
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
        {bottom}
      </div>
      {marks.length > 0 ? <IndexSidebar marks={marks} active={active} onPick={jump} /> : null}
    </div>
  );
}
