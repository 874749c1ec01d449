import type { ReactNode } from 'react';
import styles from './Call.module.css';

/** One round button of the call screens with its label under it. */
export function CallControl({
  icon,
  label,
  onClick,
  tone,
  pressed,
  testId,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  tone?: 'hangup' | 'accept';
  pressed?: boolean;
  testId: string;
}) {
  const cls = [styles.control, tone ? styles[tone] : '', pressed ? styles.on : ''].join(' ');
  return (
    <button type="button" className={cls} onClick={onClick} aria-pressed={pressed} data-testid={testId}>
      <span className={styles.knob}>{icon}</span>
      <span>{label}</span>
    </button>
  );
}
