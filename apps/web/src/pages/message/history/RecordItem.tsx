import { type ChatMessage, formatFileSize } from '@parley/protocol';
import { useTranslation } from '../../../i18n/index.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { describeEvent } from '../../../i18n/eventText.ts';
import { useSession } from '../../../stores/session.ts';
import { Highlight } from '../../index/chatList/Highlight.tsx';
import { listTimeText, messagePreview } from '../../index/chatList/labels.ts';
import { NOTICE_TYPES } from '../chat/bubbles/MessageBubble.tsx';
import styles from './history.module.css';

const durationOf = (m: ChatMessage): number => Math.round(Number(m.extends?.duration) || 0);

function Content({ message: m, keyword }: { message: ChatMessage; keyword: string }) {
  const { t } = useTranslation();
  if (m.type === 'text') return <Highlight text={m.content} keyword={keyword} />;
  if (m.type === 'voice') return <>{t('record.voiceSeconds', { n: durationOf(m) })}</>;
  if (m.type === 'file') {
    return (
      <>
        {messagePreview(m)} <Highlight text={m.file?.name ?? m.content} keyword={keyword} />{' '}
        <span className={styles.fileSize}>{formatFileSize(m.file?.size ?? 0)}</span>
      </>
    );
  }
  if (m.content && m.type !== 'image' && m.type !== 'emoji' && m.type !== 'video') {
    return (
      <>
        {messagePreview(m)} <Highlight text={m.content} keyword={keyword} />
      </>
    );
  }
  return <>{messagePreview(m)}</>;
}

/** One message of the history list: sender, time and what it says (matches highlighted). */
export function RecordRow({ message: m, keyword, onOpen }: { message: ChatMessage; keyword: string; onOpen(): void }) {
  const { t } = useTranslation();
  const me = useSession((s) => s.userInfo?.user_id ?? null);
  // An event ("You are now friends") is nobody's message: one centred line in my language, like the chat shows it.
  if (NOTICE_TYPES.has(m.type)) {
    return (
      <button type="button" className={styles.noticeRow} onClick={onOpen} data-testid={`record-item-${m.msg_id}`} data-notice="1">
        <span className={styles.noticeText}>{describeEvent(m, t, me)}</span>
        <span className={styles.noticeTime}>{listTimeText(m.sendTime * 1000)}</span>
      </button>
    );
  }
  return (
    <button type="button" className={styles.row} onClick={onOpen} data-testid={`record-item-${m.msg_id}`}>
      <Avatar name={m.fromUser.displayName} avatar={m.fromUser.avatar} color={m.fromUser.avatar_color} size={36} />
      <span className={styles.body}>
        <span className={styles.head}>
          <span className={styles.sender}>{m.fromUser.displayName}</span>
          <span>{listTimeText(m.sendTime * 1000)}</span>
        </span>
        <span className={styles.content}>
          <Content message={m} keyword={keyword} />
        </span>
      </span>
    </button>
  );
}

/** One photo or video of the media grid. */
export function RecordCell({ message: m, onOpen }: { message: ChatMessage; onOpen(): void }) {
  const url = m.file?.url ?? '';
  const seconds = durationOf(m);
  return (
    <button type="button" className={styles.cell} onClick={onOpen} data-testid={`record-item-${m.msg_id}`} aria-label={messagePreview(m)}>
      {m.type === 'video' ? <video src={url} preload="metadata" muted playsInline /> : <img src={url} alt="" loading="lazy" />}
      {m.type === 'video' && seconds > 0 ? (
        <span className={styles.duration}>{`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`}</span>
      ) : null}
    </button>
  );
}
