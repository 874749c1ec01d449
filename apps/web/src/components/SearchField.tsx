import { CloseCircleFill, SearchOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';
import styles from './SearchField.module.css';

export interface SearchFieldProps {
  value: string;
  onChange(value: string): void;
  /** Enter on the keyboard. */
  onSubmit?(): void;
  placeholder?: string;
  autoFocus?: boolean;
  /** data-testid of the input itself. */
  testId?: string;
  /** A text button right of the box (e.g. "Search"). */
  action?: ReactNode;
  onAction?(): void;
  maxLength?: number;
}

/** A search box that is typed into (SearchEntry is the tappable one that opens a page). */
export function SearchField({ value, onChange, onSubmit, placeholder, autoFocus, testId, action, onAction, maxLength }: SearchFieldProps) {
  const { t } = useTranslation();
  return (
    <form
      className={styles.wrap}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center' }}>
        <label className={styles.box} style={{ flex: '1 1 auto' }}>
          <SearchOutline aria-hidden="true" />
          <input
            className={styles.input}
            type="search"
            enterKeyHint="search"
            value={value}
            placeholder={placeholder ?? t('common.search')}
            onChange={(event) => onChange(event.target.value)}
            autoFocus={autoFocus}
            maxLength={maxLength}
            data-testid={testId}
          />
          {value ? (
            <button type="button" className={styles.clear} onClick={() => onChange('')} aria-label={t('common.cancel')}>
              <CloseCircleFill />
            </button>
          ) : null}
        </label>
        {action ? (
          <button type="button" className={styles.action} onClick={onAction}>
            {action}
          </button>
        ) : null}
      </div>
    </form>
  );
}
