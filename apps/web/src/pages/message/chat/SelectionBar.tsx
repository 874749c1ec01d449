import { DeleteOutline, RightOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/index.ts';
import styles from './Chat.module.css';

export interface SelectionBarProps {
  count: number;
  onForward(merge: boolean): void;
  onDelete(): void;
}

/** Multi-select actions: forward one by one, forward merged as chat history, delete. */
export function SelectionBar({ count, onForward, onDelete }: SelectionBarProps) {
  const { t } = useTranslation();
  const none = count === 0;
  return (
    <div className={styles.selectBar} data-testid="chat-select-bar">
      <button type="button" disabled={none} onClick={() => onForward(false)} data-testid="chat-select-forward">
        <RightOutline />
        {t('chat.select.forwardEach')}
      </button>
      <button type="button" disabled={none} onClick={() => onForward(true)} data-testid="chat-select-merge">
        <UnorderedListOutline />
        {t('chat.select.forwardMerged')}
      </button>
      <button type="button" disabled={none} onClick={onDelete} data-testid="chat-select-delete">
        <DeleteOutline />
        {t('chat.select.delete')}
      </button>
    </div>
  );
}
