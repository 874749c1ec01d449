import { Checkbox, DotLoading } from 'antd-mobile';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '../../../components/Avatar.tsx';
import { describeEvent } from '../../../i18n/eventText.ts';
import { useLongPress } from '../../../hooks/useLongPress.ts';
import { type ChatItem, isPending } from '../../../stores/messageList.ts';
import { useMessages } from '../../../stores/messages.ts';
import { MessageBubble, NOTICE_TYPES } from './bubbles/MessageBubble.tsx';
import styles from './Chat.module.css';
import { selectionKey, useChatScope } from './ChatContext.ts';
import { PathTo } from '../../../paths.ts';
import { MessageExtras } from './MessageExtras.tsx';

export interface MessageRowProps {
  message: ChatItem;
  readMark: boolean;
}

const testIdOf = (m: ChatItem) => `message-${m.msg_id || m.id}`;

/** A centred grey line: events, system notices and recall notices. */
function Notice({ message, text }: { message: ChatItem; text: string }) {
  return (
    <div className={styles.notice} data-testid={testIdOf(message)} data-type={message.type} data-status={message.is_undo ? 'recalled' : 'sent'} data-client-id={message.id}>
      <span>{text}</span>
    </div>
  );
}

/** One message: avatar, (group) sender name, bubble, sending state and read mark; long-press opens the menu. */
export const MessageRow = memo(function MessageRow({ message, readMark }: MessageRowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = useChatScope();
  const mine = String(message.fromUser.id) === String(scope.myUserId);
  const notice = message.is_undo === 1 || NOTICE_TYPES.has(message.type);
  const press = useLongPress((at) => scope.openMenu(message, at), !scope.selecting && !notice && message.status !== 'sending');

  if (message.is_undo === 1) {
    const text = mine ? t('chat.recall.you') : t('chat.recall.other', { name: message.fromUser.displayName });
    return <Notice message={message} text={text} />;
  }
  if (notice) return <Notice message={message} text={describeEvent(message, t, scope.myUserId)} />;

  const selectable = !isPending(message);
  const checked = scope.selected.has(selectionKey(message));
  const toggle = () => selectable && scope.toggleSelected(message);
  const openProfile = () => navigate(PathTo.contactDetail(message.fromUser.id));
  const status = message.status ?? 'sent';

  return (
    <div
      className={`${styles.row} ${mine ? styles.rowMine : ''}`}
      data-testid={testIdOf(message)}
      data-type={message.type}
      data-status={status}
      data-client-id={message.id}
      onClickCapture={
        scope.selecting
          ? (e) => {
              e.stopPropagation();
              e.preventDefault();
              toggle();
            }
          : undefined
      }
    >
      {scope.selecting ? (
        <span className={styles.check}>
          <Checkbox checked={checked} disabled={!selectable} data-testid={`message-check-${message.msg_id || message.id}`} />
        </span>
      ) : null}
      <Avatar
        name={message.fromUser.displayName}
        avatar={message.fromUser.avatar}
        color={message.fromUser.avatar_color}
        size={40}
        onClick={openProfile}
        testId={mine ? undefined : `message-avatar-${message.msg_id || message.id}`}
      />
      <div className={styles.main}>
        {scope.isGroup && !mine ? <div className={styles.sender}>{message.fromUser.displayName}</div> : null}
        <div className={styles.line}>
          {mine ? <SendState message={message} /> : null}
          <div className={styles.bubbleBox} {...press}>
            <MessageBubble message={message} mine={mine} />
          </div>
        </div>
        <MessageExtras message={message} />
        {readMark ? (
          <div className={styles.readMark} data-testid={`message-read-${message.msg_id}`} data-read={message.is_read ? '1' : '0'}>
            {message.is_read ? t('chat.read') : t('chat.unread')}
          </div>
        ) : null}
      </div>
    </div>
  );
});

function SendState({ message }: { message: ChatItem }) {
  const { t } = useTranslation();
  if (message.status === 'sending') {
    return (
      <span className={styles.state} aria-label={t('chat.sending')}>
        <DotLoading color="#b2b2b2" />
      </span>
    );
  }
  if (message.status === 'failed') {
    return (
      <button
        type="button"
        className={`${styles.state} ${styles.failed}`}
        aria-label={t('chat.resend')}
        data-testid={`message-resend-${message.id}`}
        onClick={() => void useMessages.getState().resend(message.id)}
      >
        <ExclamationCircleFill />
      </button>
    );
  }
  return null;
}
