import { useTranslation } from '../../../../i18n/index.ts';
import type { ChatItem } from '../../../../stores/messageList.ts';
import styles from './Bubbles.module.css';
import { CallBubble } from './CallBubble.tsx';
import { CardBubble } from './CardBubble.tsx';
import { FileBubble } from './FileBubble.tsx';
import { GoodBubble } from './GoodBubble.tsx';
import { ForwardBubble } from './ForwardBubble.tsx';
import { ImageBubble } from './ImageBubble.tsx';
import { LocationBubble } from './LocationBubble.tsx';
import { RedPacketBubble } from './RedPacketBubble.tsx';
import { TextBubble } from './TextBubble.tsx';
import { VideoBubble } from './VideoBubble.tsx';
import { VoiceBubble } from './VoiceBubble.tsx';

/** Types drawn as a centred grey notice instead of a bubble. */
export const NOTICE_TYPES = new Set(['event', 'system']);

/** The bubble of one message by its type (spec §3); an unknown type says so. */
export function MessageBubble({ message, mine }: { message: ChatItem; mine: boolean }) {
  const { t } = useTranslation();
  switch (message.type) {
    case 'text':
      return <TextBubble message={message} mine={mine} />;
    case 'image':
      return <ImageBubble message={message} />;
    case 'emoji':
      return <ImageBubble message={message} emoji />;
    case 'voice':
      return <VoiceBubble message={message} mine={mine} />;
    case 'video':
      return <VideoBubble message={message} />;
    case 'file':
      return <FileBubble message={message} />;
    case 'location':
      return <LocationBubble message={message} mine={mine} />;
    case 'contact':
      return <CardBubble message={message} />;
    case 'good':
      return <GoodBubble message={message} />;
    case 'webrtc':
      return <CallBubble message={message} mine={mine} />;
    case 'red_packet':
      return <RedPacketBubble message={message} />;
    case 'forward':
      return <ForwardBubble message={message} />;
    default:
      return (
        <div className={`${styles.bubble} ${styles.unknown} ${mine ? styles.mine : ''}`} data-testid="bubble-unknown">
          {t('chat.kind.unknown')}
        </div>
      );
  }
}
