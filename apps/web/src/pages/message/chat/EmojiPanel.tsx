import type { Sticker } from '@parley/protocol';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../router/hashRouter.tsx';
import { Paths } from '../../../paths.ts';
import { stickersQuery } from '../../../stores/favorites.ts';
import styles from './ChatPanels.module.css';
import { EMOJI } from './emojiList.ts';

/** The emoji panel: the built-in emoji (a tap inserts one into the text) and my stickers (a tap sends one). */
export function EmojiPanel({ onPick, onSticker }: { onPick: (emoji: string) => void; onSticker: (sticker: Sticker) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<'emoji' | 'stickers'>('emoji');
  const stickers = useQuery({ ...stickersQuery, enabled: tab === 'stickers' });
  return (
    <div>
      {tab === 'emoji' ? (
        <div className={styles.emojiPanel} data-testid="chat-emoji-panel">
          {EMOJI.map((emoji, index) => (
            <button key={emoji} type="button" className={styles.emoji} data-testid={`chat-emoji-${index}`} onClick={() => onPick(emoji)}>
              {emoji}
            </button>
          ))}
        </div>
      ) : (
        <div className={styles.stickerPanel} data-testid="chat-sticker-panel">
          <button type="button" className={styles.stickerAdd} onClick={() => navigate(Paths.emoji)} aria-label={t('favorites.manageStickers')}>
            +
          </button>
          {(stickers.data ?? []).map((s) => (
            <button key={s.id} type="button" className={styles.sticker} onClick={() => onSticker(s)} data-testid={`chat-sticker-${s.file_id}`}>
              <img src={s.url} alt={t('favorites.sticker')} loading="lazy" />
            </button>
          ))}
        </div>
      )}
      <div className={styles.emojiTabs} role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'emoji'} onClick={() => setTab('emoji')} data-testid="chat-emoji-tab-emoji">
          😀
        </button>
        <button type="button" role="tab" aria-selected={tab === 'stickers'} onClick={() => setTab('stickers')} data-testid="chat-emoji-tab-stickers">
          {t('favorites.stickers')}
        </button>
      </div>
    </div>
  );
}
