import type { CSSProperties } from 'react';
import styles from './Spinner.module.css';

const COLORS: Record<string, string> = {
  default: 'var(--adm-color-weak)',
  primary: 'var(--adm-color-primary)',
  white: 'var(--adm-color-white)',
};

/** antd-mobile's SpinLoading drawn with CSS animations alone (its own animates through react-spring, about 17 kB gzip): the spinner of the first screens. */
export function Spinner({ color = 'default', className, style }: { color?: string; className?: string; style?: CSSProperties & { '--size'?: string } }) {
  return (
    <div className={className ? `${styles.spinner} ${className}` : styles.spinner} style={{ '--color': COLORS[color] ?? color, ...style } as CSSProperties}>
      <svg className={styles.svg} viewBox="0 0 32 32" aria-hidden="true">
        <circle className={styles.fill} fill="transparent" strokeWidth="2" strokeDasharray={15 * Math.PI * 2} strokeLinecap="square" r="15" cx="16" cy="16" />
      </svg>
    </div>
  );
}
