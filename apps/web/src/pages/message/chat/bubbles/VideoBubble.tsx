import { PlayOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../../i18n/index.ts';
import { useNavigate } from '../../../../router/hashRouter.tsx';
import type { ChatItem } from '../../../../stores/messageList.ts';
import styles from './Bubbles.module.css';
import { clock, thumbSize } from './mediaSize.ts';
import { UploadProgress } from './UploadProgress.tsx';
import { PathTo } from '../../../../paths.ts';

/** A video: its first frame as the poster, the duration, and play → the video page. */
export function VideoBubble({ message }: { message: ChatItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const url = message.file?.url ?? '';
  const size = thumbSize(message.extends, { w: 150, h: 200 }, { w: 150, h: 110 });
  const open = () => {
    if (!url || message.status) return;
    navigate(PathTo.video(url, message.file?.name ?? ''));
  };
  return (
    <button type="button" className={styles.media} style={{ ...size, background: '#222' }} onClick={open} aria-label={t('chat.kind.video')}>
      {url ? <video src={`${url}#t=0.1`} preload="metadata" muted playsInline /> : null}
      <span className={styles.playIcon}>
        <PlayOutline />
      </span>
      {Number(message.extends.duration) > 0 ? <span className={styles.badge}>{clock(Number(message.extends.duration))}</span> : null}
      <UploadProgress message={message} />
    </button>
  );
}
