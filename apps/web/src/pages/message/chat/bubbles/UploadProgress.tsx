import type { ChatItem } from '../../../../stores/messageList.ts';
import styles from './Bubbles.module.css';

/** The percentage over a media bubble while its file uploads. */
export function UploadProgress({ message }: { message: ChatItem }) {
  if (message.status !== 'sending' || message.progress === undefined) return null;
  return (
    <span className={styles.progress} data-testid="upload-progress">
      {Math.round(message.progress * 100)}%
    </span>
  );
}
