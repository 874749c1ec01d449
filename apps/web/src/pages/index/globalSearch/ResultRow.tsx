import type { ReactNode } from 'react';
import styles from './search.module.css';

/** One tappable result: picture, title, optional second line and time. */
export function ResultRow({
  picture,
  title,
  subtitle,
  time,
  onClick,
  testId,
}: {
  picture: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  time?: string;
  onClick(): void;
  testId: string;
}) {
  return (
    <button type="button" className={styles.row} onClick={onClick} data-testid={testId}>
      {picture}
      <span className={styles.text}>
        <span className={styles.title}>{title}</span>
        {subtitle ? <span className={styles.subtitle}>{subtitle}</span> : null}
      </span>
      {time ? <span className={styles.time}>{time}</span> : null}
    </button>
  );
}
