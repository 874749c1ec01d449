import { CheckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Avatar } from '../../components/Avatar.tsx';
import styles from './people.module.css';

export interface PersonRowProps {
  name: string;
  avatar?: string;
  avatarColor?: number;
  /** a second line (account, signature …) */
  sub?: ReactNode;
  /** a green dot on the avatar */
  online?: boolean;
  /** shows a round checkbox in front (picker); undefined hides it */
  checked?: boolean;
  onClick?(): void;
  testId?: string;
  /** drawn at the end of the row */
  extra?: ReactNode;
}

/** One person (or group) in a list: optional checkbox, avatar with online dot, name and a second line. */
export function PersonRow({ name, avatar, avatarColor, sub, online, checked, onClick, testId, extra }: PersonRowProps) {
  return (
    <button
      type="button"
      className={styles.row}
      onClick={onClick}
      data-testid={testId}
      aria-pressed={checked === undefined ? undefined : checked}
    >
      {checked === undefined ? null : (
        <span className={checked ? `${styles.check} ${styles.checked}` : styles.check} aria-hidden="true">
          {checked ? <CheckOutline /> : null}
        </span>
      )}
      <span className={styles.avatarWrap}>
        <Avatar name={name} avatar={avatar} color={avatarColor} size={40} />
        {online ? <span className={styles.online} data-testid={testId ? `${testId}-online` : undefined} /> : null}
      </span>
      <span className={styles.text}>
        <span className={styles.name}>{name}</span>
        {sub ? <span className={styles.sub}>{sub}</span> : null}
      </span>
      {extra}
    </button>
  );
}
