import {
  EnvironmentOutline,
  FileOutline,
  GiftOutline,
  PhoneFill,
  PictureOutline,
  UserContactOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ChatPanels.module.css';

export type MoreItem = 'image' | 'video' | 'file' | 'location' | 'card' | 'redpacket' | 'call';

const ITEMS: { key: MoreItem; icon: ReactNode; soon?: boolean }[] = [
  { key: 'image', icon: <PictureOutline /> },
  { key: 'video', icon: <VideoOutline /> },
  { key: 'file', icon: <FileOutline /> },
  { key: 'location', icon: <EnvironmentOutline /> },
  { key: 'card', icon: <UserContactOutline /> },
  { key: 'redpacket', icon: <GiftOutline /> },
  { key: 'call', icon: <PhoneFill />, soon: true },
];

/** The '+' panel: image, video, file, location, card, red packet; calls come with their issue. */
export function MorePanel({ onPick }: { onPick: (item: MoreItem) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.morePanel} data-testid="chat-more-panel">
      {ITEMS.map((item) => (
        <button
          key={item.key}
          type="button"
          className={`${styles.moreItem} ${item.soon ? styles.moreSoon : ''}`}
          data-testid={`chat-more-${item.key}`}
          aria-disabled={item.soon ? 'true' : undefined}
          onClick={() => onPick(item.key)}
        >
          <span className={styles.moreIcon}>{item.icon}</span>
          <span>{t(`chat.more.${item.key}`)}</span>
        </button>
      ))}
    </div>
  );
}
