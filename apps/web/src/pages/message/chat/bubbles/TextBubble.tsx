import type { ChatItem } from '../../../../stores/messageList.ts';
import { linkify } from '../linkify.ts';
import styles from './Bubbles.module.css';

/** Text as text: React escapes it, links are plain http(s) anchors opened in a new tab. */
export function TextBubble({ message, mine }: { message: ChatItem; mine: boolean }) {
  return (
    <div className={mine ? `${styles.bubble} ${styles.mine}` : styles.bubble} data-testid="bubble-text">
      {linkify(message.content).map((part, i) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
          <a key={i} className={styles.link} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
          <span key={i}>{part.text}</span>
        ),
      )}
    </div>
  );
}
