import type { IndexSection } from '@parley/protocol';
import { IndexBar } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import styles from './people.module.css';

export interface IndexedListProps<T> {
  sections: readonly IndexSection<T>[];
  renderItem(item: T): ReactNode;
  keyOf(item: T): string | number;
  /** Scrolls with the list above the first letter (entries, search); reached from the index's top mark. */
  top?: ReactNode;
  /** Below the last section (e.g. the friend count, an empty state). */
  bottom?: ReactNode;
  testId?: string;
}

const TOP_INDEX = '↑';

/** An A-Z list with the side index (antd-mobile IndexBar); each letter's block has `index-section-<letter>`. */
export function IndexedList<T>({ sections, renderItem, keyOf, top, bottom, testId }: IndexedListProps<T>) {
  const panels = sections.map((section, i) => (
    <IndexBar.Panel key={section.letter} index={section.letter} title={section.letter} data-testid={`index-section-${section.letter}`}>
      <div className={styles.rows}>
        {section.items.map((item) => (
          <div key={keyOf(item)} className={styles.item}>
            {renderItem(item)}
          </div>
        ))}
      </div>
      {i === sections.length - 1 ? bottom : null}
    </IndexBar.Panel>
  ));
  return (
    <IndexBar className={styles.indexBar} data-testid={testId}>
      {top !== undefined ? (
        <IndexBar.Panel key={TOP_INDEX} index={TOP_INDEX} brief={<SearchOutline />} className={styles.topPanel}>
          {top}
          {sections.length === 0 ? bottom : null}
        </IndexBar.Panel>
      ) : null}
      {panels}
    </IndexBar>
  );
}
