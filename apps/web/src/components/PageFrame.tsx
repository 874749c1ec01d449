import type { ReactNode } from 'react';
import styles from './PageFrame.module.css';
import { TopBar, type TopBarProps } from './TopBar.tsx';

export interface PageFrameProps extends TopBarProps {
  children?: ReactNode;
  /** Drawn under the scrolling body (e.g. an input bar). */
  footer?: ReactNode;
  background?: 'grey' | 'white';
  testId?: string;
}

/** A page: the top bar, a scrolling body and an optional footer, filling the phone column. */
export function PageFrame({ children, footer, background = 'grey', testId, ...topBar }: PageFrameProps) {
  return (
    <div className={background === 'white' ? `${styles.page} ${styles.white}` : styles.page} data-testid={testId}>
      <TopBar tone={background} {...topBar} />
      <main className={styles.body}>{children}</main>
      {footer}
    </div>
  );
}
