import { DotLoading } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import type { ChatItem } from '../../../stores/messageList.ts';
import { useMessageExtras } from '../../../stores/messageExtras.ts';
import styles from './Chat.module.css';
import { copyText } from './messageActions.ts';

/** Under a bubble: its translation (with a toggle back to the original alone) or its voice transcript (copyable). */
export function MessageExtras({ message }: { message: ChatItem }) {
  const { t } = useTranslation();
  const translation = useMessageExtras((s) => (message.msg_id ? s.translations[message.msg_id] : undefined));
  const transcript = useMessageExtras((s) => (message.msg_id ? s.transcripts[message.msg_id] : undefined));
  const toggle = useMessageExtras((s) => s.toggleTranslation);

  if (translation?.shown) {
    return (
      <div className={styles.extra} data-testid={`message-translation-${message.msg_id}`} data-status={translation.status}>
        {translation.status === 'loading' ? (
          <span className={styles.extraWait}>
            <DotLoading color="currentColor" /> {t('translate.translating')}
          </span>
        ) : (
          <>
            <div className={styles.extraText} data-testid="message-translation-text">
              {translation.text}
            </div>
            <button type="button" className={styles.extraAction} onClick={() => toggle(message.msg_id)} data-testid="message-translation-hide">
              {t('translate.showOriginal')}
            </button>
          </>
        )}
      </div>
    );
  }
  if (transcript) {
    return (
      <div className={styles.extra} data-testid={`message-transcript-${message.msg_id}`} data-status={transcript.status}>
        {transcript.status === 'loading' ? (
          <span className={styles.extraWait}>
            <DotLoading color="currentColor" /> {t('translate.transcribing')}
          </span>
        ) : (
          <>
            <div className={styles.extraText} data-testid="message-transcript-text">
              {transcript.text}
            </div>
            <button type="button" className={styles.extraAction} onClick={() => void copyText(transcript.text)} data-testid="message-transcript-copy">
              {t('translate.copy')}
            </button>
          </>
        )}
      </div>
    );
  }
  return null;
}
