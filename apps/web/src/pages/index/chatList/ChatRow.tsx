import { BellMuteOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useLongPress } from '../../../hooks/useLongPress.ts';
import type { ConversationRow } from '../../../stores/conversationList.ts';
import { useDraft } from '../../../stores/composer.ts';
import { useSession } from '../../../stores/session.ts';
import styles from './chatList.module.css';
import { listTimeText, rowName, rowPreviewText } from './labels.ts';
import { RowAvatar } from './RowAvatar.tsx';
import { type RowAction, rowActions, rowActionText } from './rowActions.ts';
import { SwipeRow, type SwipeRowAction } from './SwipeRow.tsx';

export interface ChatRowHandlers {
  onOpen(row: ConversationRow): void;
  onAction(row: ConversationRow, action: RowAction): void;
  /** The context menu (right click, long press): the same actions in a sheet. */
  onMenu(row: ConversationRow): void;
}

interface ChatRowProps extends ChatRowHandlers {
  row: ConversationRow;
  /** Re-renders the time once a minute. */
  now: number;
}

const MAX_BADGE = 99;
const SWIPE_COLORS: Record<RowAction, string> = { pin: '#576b95', read: '#fa9d3b', delete: 'danger' };

function UnreadMark({ row }: { row: ConversationRow }) {
  const { t } = useTranslation();
  if (row.unread <= 0) return null;
  const testId = `chat-row-unread-${row.id}`;
  if (row.is_notice !== 1) return <span className={styles.dot} data-testid={testId} data-count={row.unread} />;
  return (
    <span className={styles.badge} data-testid={testId} data-count={row.unread}>
      {row.unread > MAX_BADGE ? t('chats.moreUnread') : row.unread}
    </span>
  );
}

/** One conversation: avatar with unread mark, name, time, mention mark and last content; swipe for actions. */
export const ChatRow = memo(function ChatRow({ row, now, onOpen, onAction, onMenu }: ChatRowProps) {
  const { t } = useTranslation();
  const me = useSession((s) => s.userInfo?.user_id);
  const name = rowName(row);
  // what I started writing there comes first, in red, as in WeChat
  const draft = useDraft(String(row.id)).text.trim();
  const pinned = row.is_top === 1;
  // a touch held still (or a right-click) opens the row menu once lifted; the click that ends it does not open the chat
  const press = useLongPress(() => onMenu(row), true, { whenLifted: true });
  const rightActions = rowActions(row).map((action): SwipeRowAction => ({
    key: action,
    text: (
      <span className={styles.action} data-testid={`chat-row-action-${action}-${row.id}`}>
        {rowActionText(action, row)}
      </span>
    ),
    color: SWIPE_COLORS[action],
    onClick: () => onAction(row, action),
  }));
  return (
    <SwipeRow actions={rightActions}>
      <button
        type="button"
        className={pinned ? `${styles.row} ${styles.pinned}` : styles.row}
        onClick={() => onOpen(row)}
        {...press}
        data-testid={`chat-row-${row.id}`}
        data-pinned={pinned ? 1 : 0}
        data-notice={row.is_notice}
      >
        <span className={styles.avatarBox}>
          <RowAvatar row={row} name={name} />
          <UnreadMark row={row} />
        </span>
        <span className={styles.main}>
          <span className={styles.line}>
            <span className={styles.name}>{name}</span>
            <span className={styles.time}>{listTimeText(row.lastSendTime, now)}</span>
          </span>
          <span className={styles.line}>
            <span className={styles.preview}>
              {row.is_at > 0 ? (
                <span className={styles.mention} data-testid={`chat-row-at-${row.id}`}>
                  {t('chats.atMe')}
                </span>
              ) : null}
              {draft ? (
                <>
                  <span className={styles.mention} data-testid={`chat-row-draft-${row.id}`}>
                    {t('chats.draft')}
                  </span>
                  {draft}
                </>
              ) : (
                rowPreviewText(row, me)
              )}
            </span>
            {row.is_notice !== 1 ? <BellMuteOutline className={styles.mute} aria-label={t('chats.muted')} /> : null}
          </span>
        </span>
      </button>
    </SwipeRow>
  );
});
