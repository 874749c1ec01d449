import { Skeleton } from 'antd-mobile';
import styles from './chatList.module.css';

const ROWS = 7;

/** Placeholder rows while the chat list loads for the first time. */
export function ChatListSkeleton() {
  return (
    <div aria-busy="true" data-testid="chat-list-loading">
      {Array.from({ length: ROWS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
        <div key={i} className={styles.skeletonRow}>
          <Skeleton animated className={styles.skeletonAvatar} />
          <div className={styles.skeletonLines}>
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={1} animated />
          </div>
        </div>
      ))}
    </div>
  );
}
