import { Checkbox, DotLoading } from 'antd-mobile';
import { ClockCircleOutline, ExclamationCircleFill } from 'antd-mobile-icons';
import { memo, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../router/hashRouter.tsx';
import { Avatar } from '../../../components/Avatar.tsx';
import { askConfirm, showToast } from '../../../components/feedback.tsx';
import i18n from '../../../i18n/index.ts';
import { describeEvent } from '../../../i18n/eventText.ts';
import { useLongPress } from '../../../hooks/useLongPress.ts';
import { type ChatItem, isPending } from '../../../stores/messageList.ts';
import { REEDIT_WINDOW_MS, reeditable, useComposer } from '../../../stores/composer.ts';
import { useTickAt } from '../../../stores/groups.ts';
import { useMessages } from '../../../stores/messages.ts';
import { MessageBubble, NOTICE_TYPES } from './bubbles/MessageBubble.tsx';
import styles from './Chat.module.css';
import { selectionKey, useChatScope } from './ChatContext.ts';
import { PathTo } from '../../../paths.ts';
import { MessageExtras } from './MessageExtras.tsx';
import { quoteIn, quoteLine } from './quote.ts';
import { useRemarkedName } from '../../../stores/friends.ts';

export interface MessageRowProps {
  message: ChatItem;
  readMark: boolean;
}

const testIdOf = (m: ChatItem) => `message-${m.msg_id || m.id}`;

/** A centred grey line: events, system notices and recall notices. */
function Notice({ message, text, children }: { message: ChatItem; text: string; children?: ReactNode }) {
  return (
    <div className={styles.notice} data-testid={testIdOf(message)} data-type={message.type} data-status={message.is_undo ? 'recalled' : 'sent'} data-client-id={message.id}>
      <span>{text}</span>
      {children}
    </div>
  );
}

/** "Re-edit" on my recall notice: my text back in the field, for 5 minutes after the recall. */
function ReeditLink({ message }: { message: ChatItem }) {
  const { t } = useTranslation();
  const scope = useChatScope();
  const recalled = useComposer((s) => s.recalled[message.msg_id]);
  const text = reeditable(recalled);
  // the link goes away by itself when the 5 minutes are over
  useTickAt(recalled ? recalled.at + REEDIT_WINDOW_MS + 1 : 0);
  if (text === null) return null;
  return (
    <button
      type="button"
      className={styles.reedit}
      data-testid={`message-reedit-${message.msg_id}`}
      onClick={() => useComposer.getState().patchDraft(scope.contactId, { text })}
    >
      {t('chat.reedit')}
    </button>
  );
}

/** A reply's quote under its bubble: who said what; a tap scrolls to the quoted message. */
function QuoteStrip({ message }: { message: ChatItem }) {
  const { t } = useTranslation();
  const scope = useChatScope();
  const quote = quoteIn(message);
  const author = useRemarkedName(quote?.from.id ?? 0, quote?.from.name ?? '');
  if (!quote) return null;
  const jump = () => {
    if (!scope.jumpTo(quote.msg_id)) showToast(t('chat.quote.notLoaded'));
  };
  return (
    <button type="button" className={styles.quote} onClick={jump} data-testid={`message-quote-${message.msg_id || message.id}`} data-quote-id={quote.msg_id}>
      {quoteLine(quote, author)}
    </button>
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
  const senderName = useRemarkedName(message.fromUser.id, message.fromUser.displayName);

  if (message.is_undo === 1) {
    const text = mine ? t('chat.recall.you') : t('chat.recall.other', { name: senderName });
    return (
      <Notice message={message} text={text}>
        {mine ? <ReeditLink message={message} /> : null}
      </Notice>
    );
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
        {scope.isGroup && !mine ? <div className={styles.sender}>{senderName}</div> : null}
        <div className={styles.line}>
          {mine ? <SendState message={message} /> : null}
          <div className={styles.bubbleBox} {...press}>
            <MessageBubble message={message} mine={mine} />
          </div>
        </div>
        <MessageExtras message={message} />
        <QuoteStrip message={message} />
        {readMark ? (
          <div className={styles.readMark} data-testid={`message-read-${message.msg_id}`} data-read={message.is_read ? '1' : '0'}>
            {message.is_read ? t('chat.read') : t('chat.unread')}
          </div>
        ) : null}
      </div>
    </div>
  );
});

/** A failed message says why (no connection, or the server refused it) and offers to send it again. */
async function askResend(message: ChatItem): Promise<void> {
  const why = message.failure === 'network' ? i18n.t('chat.failed.network') : i18n.t('chat.failed.refused');
  const again = await askConfirm({ title: i18n.t('chat.failed.title'), content: why, confirmText: i18n.t('chat.resend') });
  if (again) await useMessages.getState().resend(message.id);
}

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
    const waiting = message.failure === 'network';
    return (
      <button
        type="button"
        className={`${styles.state} ${waiting ? styles.waiting : styles.failed}`}
        aria-label={waiting ? t('chat.failed.waiting') : t('chat.resend')}
        data-testid={`message-resend-${message.id}`}
        data-failure={message.failure ?? 'refused'}
        onClick={() => void askResend(message)}
      >
        {waiting ? <ClockCircleOutline /> : <ExclamationCircleFill />}
      </button>
    );
  }
  return null;
}
