import { PhoneFill, VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { ChatItem } from '../../../../stores/messageList.ts';
import styles from './Bubbles.module.css';
import { clock } from './mediaSize.ts';

/** A call record: video or voice icon, then the duration or how it ended. */
export function CallBubble({ message, mine }: { message: ChatItem; mine: boolean }) {
  const { t } = useTranslation();
  const e = message.extends;
  const video = e.type === 'video' || e.type === 2 || e.type === '2';
  const duration = Number(e.duration);
  const text = duration > 0 ? t('chat.call.duration', { time: clock(duration) }) : message.content || t('chat.call.record');
  return (
    <div className={mine ? `${styles.bubble} ${styles.mine}` : styles.bubble} data-testid="bubble-call">
      <span className={styles.call}>
        {video ? <VideoOutline /> : <PhoneFill />}
        <span>{text}</span>
      </span>
    </div>
  );
}
