import { ImageViewer } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatItem } from '../../../../stores/messageList.ts';
import { saveFile } from '../fileActions.ts';
import styles from './Bubbles.module.css';
import { thumbSize } from './mediaSize.ts';
import { UploadProgress } from './UploadProgress.tsx';

/** An image (or a custom emoji, drawn smaller and without a frame); tap opens the viewer with a save button. */
export function ImageBubble({ message, emoji = false }: { message: ChatItem; emoji?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const url = message.file?.url ?? '';
  const size = emoji ? thumbSize(message.extends, { w: 120, h: 120 }, { w: 100, h: 100 }) : thumbSize(message.extends);
  return (
    <>
      <button
        type="button"
        className={styles.media}
        style={size}
        onClick={() => url && setOpen(true)}
        aria-label={t('chat.kind.image')}
        data-testid={emoji ? 'bubble-emoji' : 'bubble-image'}
      >
        {url ? <img src={url} alt="" draggable={false} /> : null}
        <UploadProgress message={message} />
      </button>
      <ImageViewer
        image={url}
        visible={open}
        onClose={() => setOpen(false)}
        renderFooter={() => (
          <div className="chat-viewer-footer">
            <button type="button" data-testid="image-close" onClick={() => setOpen(false)}>
              {t('chat.close')}
            </button>
            <button
              type="button"
              data-testid="image-save"
              onClick={() => void saveFile(url, message.file?.name || `image.${message.file?.ext || 'png'}`, 'chat.imageSaveFailed')}
            >
              {t('chat.save')}
            </button>
          </div>
        )}
      />
    </>
  );
}
