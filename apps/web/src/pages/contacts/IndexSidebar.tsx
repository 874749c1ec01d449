import { type ReactNode, type TouchEvent, useState } from 'react';
import styles from './indexBar.module.css';

export interface IndexMark {
  key: string;
  /** drawn in the bar; the key when absent */
  label?: ReactNode;
  /** read by screen readers; the key when absent */
  name?: string;
}

export interface IndexSidebarProps {
  marks: readonly IndexMark[];
  /** the mark of the rows at the top of the view */
  active: string | null;
  onPick(key: string): void;
}

/** The letter under a finger on the bar. */
function markAt(event: TouchEvent): string | null {
  const touch = event.touches[0];
  if (!touch) return null;
  const element = document.elementFromPoint(touch.clientX, touch.clientY);
  return element?.closest<HTMLElement>('[data-index-mark]')?.dataset.indexMark ?? null;
}

/**
 * The letter bar at the side of the A-Z list: a tap jumps to a letter; sliding a finger along it
 * jumps letter by letter, with the letter shown large while the finger is down.
 */
export function IndexSidebar({ marks, active, onPick }: IndexSidebarProps) {
  const [touched, setTouched] = useState<string | null>(null);
  const follow = (event: TouchEvent) => {
    const key = markAt(event);
    if (key === null || key === touched) return;
    setTouched(key);
    onPick(key);
  };
  const bubble = marks.find((m) => m.key === touched);
  return (
    <div
      className={styles.sidebar}
      onTouchStart={follow}
      onTouchMove={follow}
      onTouchEnd={() => setTouched(null)}
      onTouchCancel={() => setTouched(null)}
      data-testid="index-bar"
    >
      {marks.map((mark) => (
        <button
          key={mark.key}
          type="button"
          className={mark.key === (touched ?? active) ? `${styles.mark} ${styles.active}` : styles.mark}
          onClick={() => onPick(mark.key)}
          aria-label={mark.name ?? mark.key}
          data-index-mark={mark.key}
          data-testid={`index-bar-${mark.key}`}
        >
          {mark.label ?? mark.key}
        </button>
      ))}
      {bubble ? (
        <div className={styles.bubble} aria-hidden="true">
          {bubble.label ?? bubble.key}
        </div>
      ) : null}
    </div>
  );
}
