import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../components/feedback.tsx';
import type { ChatItem } from '../../../../stores/messageList.ts';
import styles from './Bubbles.module.css';

/** A red packet card; opening them arrives with the wallet. */
export function RedPacketBubble({ message }: { message: ChatItem }) {
  const { t } = useTranslation();
  const blessing = String(message.extends.blessing ?? '') || message.content || t('chat.redPacket.blessing');
  return (
    <button type="button" className={styles.redPacket} onClick={() => showToast(t('chat.redPacket.soon'))} data-testid="bubble-red-packet">
      <span className={styles.cardBody}>
        <span className={styles.packetIcon} aria-hidden="true">
          🧧
        </span>
        <span className={styles.cardText}>
          <span className={styles.cardTitle}>{blessing}</span>
        </span>
      </span>
      <span className={styles.cardFoot}>{t('chat.redPacket.label')}</span>
    </button>
  );
}
