import { LeftOutline } from 'antd-mobile-icons';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { useGoBack } from '../router/useGoBack.ts';
import styles from './TopBar.module.css';

export interface TopBarProps {
  title?: ReactNode;
  /** Replaces the back button (the home page puts the user's avatar there). */
  left?: ReactNode;
  right?: ReactNode;
  showBack?: boolean;
  /** A fixed back target, e.g. the chat page goes back to the chat list. */
  backTo?: string;
  onBack?: () => void;
  tone?: 'grey' | 'white';
}

/** The custom 45 px top bar of every page: back button, centred title, right slot. */
export function TopBar({ title, left, right, showBack = true, backTo, onBack, tone = 'grey' }: TopBarProps) {
  const { t } = useTranslation();
  const goBack = useGoBack(backTo);
  const back = showBack ? (
    <TopBarButton label={t('common.back')} onClick={onBack ?? goBack} testId="topbar-back">
      <LeftOutline />
    </TopBarButton>
  ) : null;
  return (
    <header className={tone === 'white' ? `${styles.bar} ${styles.white}` : styles.bar}>
      <div className={styles.side}>{left ?? back}</div>
      <h1 className={styles.title} data-testid="topbar-title">
        {title}
      </h1>
      <div className={`${styles.side} ${styles.right}`}>{right}</div>
    </header>
  );
}

export interface TopBarButtonProps {
  label: string;
  onClick?: () => void;
  testId?: string;
  children: ReactNode;
}

/**
 * An icon button for the top bar's sides. Popovers anchor on it through its ref, forwarded (not a
 * plain prop): the build renders with Preact, whose function components receive no `ref` prop.
 */
export const TopBarButton = forwardRef<HTMLButtonElement, TopBarButtonProps>(function TopBarButton({ label, onClick, testId, children }, ref) {
  return (
    <button ref={ref} type="button" className={styles.back} onClick={onClick} aria-label={label} data-testid={testId}>
      {children}
    </button>
  );
});
