import { useState } from 'react';
import { useTranslation } from '../../../../i18n/index.ts';
import type { ChatItem } from '../../../../stores/messageList.ts';
import { photoOf } from '../photos.ts';
import { usePhotoGallery } from '../PhotoViewer.tsx';
import { PhotoViewer } from '../sheets.ts';
import styles from './Bubbles.module.css';
import { thumbSize } from './mediaSize.ts';
import { UploadProgress } from './UploadProgress.tsx';

/**
 * An image (or a custom emoji, drawn smaller and without a frame). A tap opens the chat's photo
 * viewer at it; outside a chat (or for an emoji) the viewer shows this picture alone.
 */
export function ImageBubble({ message, emoji = false }: { message: ChatItem; emoji?: boolean }) {
  const { t } = useTranslation();
  const gallery = usePhotoGallery();
  const [alone, setAlone] = useState(false);
  const url = message.file?.url ?? '';
  const size = emoji ? thumbSize(message.extends, { w: 120, h: 120 }, { w: 100, h: 100 }) : thumbSize(message.extends);
  const open = () => {
    if (!url) return;
    if (gallery && !emoji) gallery.open(url);
    else setAlone(true);
  };
  return (
    <>
      <button type="button" className={styles.media} style={size} onClick={open} aria-label={t('chat.kind.image')} data-testid={emoji ? 'bubble-emoji' : 'bubble-image'}>
        {url ? <img src={url} alt="" draggable={false} /> : null}
        <UploadProgress message={message} />
      </button>
      {alone ? <PhotoViewer photos={[photoOf(message)]} start={0} onClose={() => setAlone(false)} /> : null}
    </>
  );
}
