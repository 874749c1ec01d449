import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatItem } from '../../../../stores/messageList.ts';
import { ForwardHistory, forwardItemsOf } from '../ForwardHistory.tsx';
import styles from './Bubbles.module.css';

/** A merged forward: the title and the first lines; tap opens the whole history. */
export function ForwardBubble({ message }: { message: ChatItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const items = forwardItemsOf(message);
  const title = String(message.extends.title ?? '') || message.content || t('chat.forward.history');
  return (
    <>
      <button type="button" className={styles.card} onClick={() => setOpen(true)} data-testid="bubble-forward">
        <span className={styles.cardBody} style={{ minHeight: 0, paddingBottom: 6 }}>
          <span className={styles.cardTitle}>{title}</span>
        </span>
        <span className={styles.forwardLines}>
          {items.slice(0, 3).map((item) => (
            <div key={item.msg_id}>
              {item.fromUser.displayName}: {item.type === 'text' ? item.content : item.label}
            </div>
          ))}
        </span>
        <span className={styles.cardFoot}>{t('chat.forward.history')}</span>
      </button>
      {open ? <ForwardHistory title={title} items={items} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
