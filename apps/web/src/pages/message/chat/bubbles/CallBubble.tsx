import { type CallMedia, type CallOutcome, formatCallDuration } from '@parley/protocol';
import { PhoneFill, VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../../i18n/index.ts';
import { callContact } from '../../../../calls/callContact.ts';
import type { ChatItem } from '../../../../stores/messageList.ts';
import { useChatScope } from '../ChatContext.ts';
import styles from './Bubbles.module.css';
import { callRecordOf } from './callRecord.ts';

/** What a record says: "Duration 01:23", "Cancelled", "Declined", "No answer" or "Busy". */
function useRecordText(outcome: CallOutcome | null, duration: number): string {
  const { t } = useTranslation();
  if (outcome === 'completed') return t('calls.record.duration', { time: formatCallDuration(duration) });
  return outcome ? t(`calls.record.${outcome}`) : t('calls.record.unknown');
}

/** A call record: video or voice icon and how the call ended; tapping it calls back. */
export function CallBubble({ message, mine }: { message: ChatItem; mine: boolean }) {
  const { t } = useTranslation();
  const scope = useChatScope();
  const record = callRecordOf(message.extends);
  const media: CallMedia = record?.media ?? 'voice';
  const text = useRecordText(record?.outcome ?? null, record?.duration ?? 0);
  const callBack = () => {
    if (!scope.isGroup) void callContact(scope.contactId, media);
  };
  return (
    <button
      type="button"
      className={`${styles.bubble} ${styles.callTap} ${mine ? styles.mine : ''}`}
      onClick={callBack}
      aria-label={t(media === 'video' ? 'calls.videoCall' : 'calls.voiceCall')}
      data-testid="bubble-call"
      data-outcome={record?.outcome ?? ''}
      data-media={media}
    >
      <span className={styles.call}>
        {media === 'video' ? <VideoOutline /> : <PhoneFill />}
        <span>{text}</span>
      </span>
    </button>
  );
}
