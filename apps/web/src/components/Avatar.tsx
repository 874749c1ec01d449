import { type CSSProperties, useState } from 'react';
import { useSession } from '../stores/session.ts';
import styles from './Avatar.module.css';

/** Background colour codes of a drawn avatar (spec §3): 1 or none blue, 2 orange, 3 red, 4 green, 5 grey. */
export const AVATAR_COLORS: Record<number, string> = {
  1: '#1677ff',
  2: '#fa8c16',
  3: '#f5222d',
  4: '#07c160',
  5: '#8c8c8c',
};

export function avatarColor(code: number | null | undefined): string {
  return (code && AVATAR_COLORS[code]) || AVATAR_COLORS[1];
}

export function initialOf(name: string | null | undefined): string {
  const first = Array.from((name ?? '').trim())[0];
  return first ? first.toUpperCase() : '?';
}

export interface AvatarProps {
  name?: string;
  /** Image URL; without one (or if it fails to load) the initial is drawn. */
  avatar?: string;
  /** Colour code 1-5 for the drawn initial. */
  color?: number;
  size?: number;
  /** Defaults to the user's "round avatars" setting. */
  shape?: 'circle' | 'square';
  onClick?: () => void;
  label?: string;
  testId?: string;
}

export function Avatar({ name, avatar, color, size = 40, shape, onClick, label, testId }: AvatarProps) {
  const circleSetting = useSession((s) => s.appSetting.circleAvatar);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const round = (shape ?? (circleSetting ? 'circle' : 'square')) === 'circle';
  const showImage = Boolean(avatar) && failedUrl !== avatar;
  const style = {
    width: size,
    height: size,
    borderRadius: round ? '50%' : Math.max(4, Math.round(size * 0.12)),
    fontSize: Math.round(size * 0.42),
    '--avatar-bg': showImage ? '#f0f0f0' : avatarColor(color),
  } as CSSProperties;
  const content = showImage ? (
    <img className={styles.image} src={avatar} alt="" draggable={false} onError={() => setFailedUrl(avatar ?? null)} />
  ) : (
    initialOf(name)
  );
  if (onClick) {
    return (
      <button
        type="button"
        className={`${styles.avatar} ${styles.clickable}`}
        style={style}
        onClick={onClick}
        aria-label={label ?? name}
        data-testid={testId}
      >
        {content}
      </button>
    );
  }
  return (
    <span className={styles.avatar} style={style} role="img" aria-label={label ?? name} data-testid={testId}>
      {content}
    </span>
  );
}
