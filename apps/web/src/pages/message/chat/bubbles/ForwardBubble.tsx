import { useState } from 'react';
import { useTranslation } from '../../../../i18n/index.ts';
import type { ChatItem } from '../../../../stores/messageList.ts';
import { forwardItemsOf, forwardLineOf, forwardTitleOf } from '../forwardItems.ts';
import { ForwardHistory } from '../sheets.ts';
import styles from './Bubbles.module.css';

/** A merged forward: the title and the first lines, in my language; tap opens the whole history. */
export function ForwardBubble({ message }: { message: ChatItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const items = forwardItemsOf(message);
  const title = forwardTitleOf(message, t);
  return (
    <>
      <button type="button" className={styles.card} onClick={() => setOpen(true)} data-testid="bubble-forward">
        <span className={styles.cardBody} style={{ minHeight: 0, paddingBottom: 6 }}>
          <span className={styles.cardTitle}>{title}</span>
        </span>
        <span className={styles.forwardLines}>
          {items.slice(0, 3).map((item) => (
            <div key={item.msg_id}>
              {item.fromUser.displayName}: {forwardLineOf(item)}
            </div>
          ))}
        </span>
        <span className={styles.cardFoot}>{t('chat.forward.history')}</span>
      </button>
      {open ? <ForwardHistory title={title} items={items} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
