import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  /** Defaults to the shared "no data" text (zh 暂无数据). */
  text?: ReactNode;
  /** An action under the text, e.g. a retry button. */
  children?: ReactNode;
}

/** The empty-state box shown where a list or page has nothing to show. */
export function EmptyState({ text, children }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.empty} data-testid="empty-state">
      <svg className={styles.art} viewBox="0 0 96 96" aria-hidden="true">
        <ellipse cx="48" cy="80" rx="30" ry="5" fill="#e6e6e6" />
        <path d="M20 44 L30 24 H66 L76 44 V70 a4 4 0 0 1 -4 4 H24 a4 4 0 0 1 -4 -4 Z" fill="#f4f4f4" stroke="#d6d6d6" strokeWidth="2" />
        <path d="M20 44 H38 a10 8 0 0 0 20 0 H76" fill="none" stroke="#d6d6d6" strokeWidth="2" />
      </svg>
      <p className={styles.text}>{text ?? t('common.empty')}</p>
      {children ? <div className={styles.extra}>{children}</div> : null}
    </div>
  );
}
