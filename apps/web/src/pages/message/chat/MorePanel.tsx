import {
  EnvironmentOutline,
  FileOutline,
  GiftOutline,
  PhoneFill,
  PictureOutline,
  CameraOutline,
  UserContactOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import styles from './ChatPanels.module.css';

export type MoreItem = 'image' | 'video' | 'file' | 'location' | 'card' | 'redpacket' | 'voiceCall' | 'videoCall';

const ITEMS = [
  { key: 'image', icon: <PictureOutline />, label: 'chat.more.image' },
  { key: 'video', icon: <VideoOutline />, label: 'chat.more.video' },
  { key: 'file', icon: <FileOutline />, label: 'chat.more.file' },
  { key: 'location', icon: <EnvironmentOutline />, label: 'chat.more.location' },
  { key: 'card', icon: <UserContactOutline />, label: 'chat.more.card' },
  { key: 'redpacket', icon: <GiftOutline />, label: 'chat.more.redpacket', toOthers: true },
  { key: 'voiceCall', icon: <PhoneFill />, label: 'calls.voiceCall', privateOnly: true, toOthers: true },
  { key: 'videoCall', icon: <CameraOutline />, label: 'calls.videoCall', privateOnly: true, toOthers: true },
] as const satisfies readonly { key: MoreItem; icon: ReactNode; label: string; privateOnly?: boolean; toOthers?: boolean }[];

/**
 * The '+' panel: image, video, file, location, card, red packet, voice and video calls (private
 * chats). The chat with myself (File Transfer) offers no red packet or call: both need someone else.
 */
export function MorePanel({ onPick, isGroup = false, withSelf = false }: { onPick: (item: MoreItem) => void; isGroup?: boolean; withSelf?: boolean }) {
  const { t } = useTranslation();
  const offered = ITEMS.filter((item) => !(isGroup && 'privateOnly' in item && item.privateOnly) && !(withSelf && 'toOthers' in item && item.toOthers));
  return (
    <div className={styles.morePanel} data-testid="chat-more-panel">
      {offered.map((item) => (
        <button
          key={item.key}
          type="button"
          className={styles.moreItem}
          data-testid={`chat-more-${item.key}`}
          onClick={() => onPick(item.key)}
        >
          <span className={styles.moreIcon}>{item.icon}</span>
          <span>{t(item.label)}</span>
        </button>
      ))}
    </div>
  );
}
