import type { GroupAvatarTile } from '@parley/protocol';
import type { CSSProperties } from 'react';
import { Avatar } from '../../../components/Avatar.tsx';
import { useSession } from '../../../stores/session.ts';
import styles from './group.module.css';

export interface GroupAvatarProps {
  /** an uploaded group picture; without one the members' faces are drawn */
  avatar?: string;
  tiles: readonly GroupAvatarTile[];
  name: string;
  size?: number;
  testId?: string;
}

/** Tiles per row: one face fills the square, up to four make 2×2, up to nine 3×3 (as WeChat draws it). */
function columnsFor(count: number): number {
  if (count <= 1) return 1;
  return count <= 4 ? 2 : 3;
}

/** The group's picture: its uploaded avatar, or a grid of up to nine member avatars. */
export function GroupAvatar({ avatar, tiles, name, size = 40, testId }: GroupAvatarProps) {
  const circle = useSession((s) => s.appSetting.circleAvatar);
  if (avatar || tiles.length === 0) return <Avatar avatar={avatar} name={name} size={size} testId={testId} />;
  const shown = tiles.slice(0, 9);
  const columns = columnsFor(shown.length);
  const gap = Math.max(1, Math.round(size / 24));
  const tile = Math.floor((size - gap * (columns + 1)) / columns);
  const style = {
    width: size,
    height: size,
    gap,
    padding: gap,
    borderRadius: circle ? '50%' : Math.max(4, Math.round(size * 0.12)),
  } as CSSProperties;
  return (
    <span className={styles.avatarGrid} style={style} role="img" aria-label={name} data-testid={testId}>
      {shown.map((t) => (
        <Avatar key={t.user_id} avatar={t.avatar} name={t.nickname} color={t.avatar_color} size={tile} shape="square" />
      ))}
    </span>
  );
}
