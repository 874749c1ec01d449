import type { CSSProperties, ReactNode } from 'react';
import styles from './TagLabel.module.css';

const TAG_COLORS = {
  green: '#07c160',
  blue: '#1677ff',
  orange: '#fa8c16',
  red: '#fa5151',
  grey: '#8c8c8c',
} as const;

export type TagColor = keyof typeof TAG_COLORS;

export interface TagLabelProps {
  children: ReactNode;
  color?: TagColor;
  solid?: boolean;
}

/** A small tag label (group owner, admin, verified, …). */
export function TagLabel({ children, color = 'green', solid = false }: TagLabelProps) {
  const style = { '--tag-color': TAG_COLORS[color] } as CSSProperties;
  return (
    <span className={solid ? `${styles.tag} ${styles.solid}` : styles.tag} style={style}>
      {children}
    </span>
  );
}
