import type { ChatItem } from '../../../../stores/messageList.ts';
import { toggleVoice, useVoicePlayer } from '../voicePlayer.ts';
import styles from './Bubbles.module.css';

/** A voice message: width grows with the duration; tap plays, the waves move while playing. */
export function VoiceBubble({ message, mine }: { message: ChatItem; mine: boolean }) {
  const key = message.id || String(message.msg_id);
  const playing = useVoicePlayer((s) => s.playing === key);
  const seconds = Math.max(1, Math.round(Number(message.extends.duration) || 0));
  const width = Math.min(220, 80 + seconds * 4);
  const classes = [styles.bubble, styles.voice, mine ? styles.mine : '', mine ? styles.voiceMine : ''].join(' ');
  return (
    <button
      type="button"
      className={classes}
      style={{ width }}
      onClick={() => toggleVoice(key, message.file?.url ?? '')}
      data-testid="bubble-voice"
      data-playing={playing ? '1' : '0'}
    >
      <span className={playing ? `${styles.wave} ${styles.playing}` : styles.wave} aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
      <span>{seconds}″</span>
    </button>
  );
}
