import styles from './ChatPanels.module.css';
import { EMOJI } from './emojiList.ts';

/** The built-in emoji grid; a tap inserts the emoji into the text. */
export function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <div className={styles.emojiPanel} data-testid="chat-emoji-panel">
      {EMOJI.map((emoji, index) => (
        <button key={emoji} type="button" className={styles.emoji} data-testid={`chat-emoji-${index}`} onClick={() => onPick(emoji)}>
          {emoji}
        </button>
      ))}
    </div>
  );
}
