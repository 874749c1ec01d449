import { ImageViewer } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { saveFile } from './fileActions.ts';
import type { Photo } from './PhotoViewer.tsx';

const onBody = () => document.body;

/**
 * The full-screen photo viewer: rendered on the body (a transformed chat row would trap a fixed mask
 * in its own band), swipe between the photos, pinch to zoom.
 */
export function PhotoViewerSheet({ photos, start, onClose }: { photos: readonly Photo[]; start: number; onClose(): void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(start);
  const current = photos[index] ?? photos[0];
  return (
    <ImageViewer.Multi
      images={photos.map((p) => p.url)}
      defaultIndex={start}
      visible
      onClose={onClose}
      onIndexChange={setIndex}
      getContainer={onBody}
      classNames={{ mask: 'chat-viewer-mask' }}
      renderFooter={() => (
        <div className="chat-viewer-footer" data-testid="image-viewer" data-index={index}>
          <button type="button" data-testid="image-close" onClick={onClose}>
            {t('chat.close')}
          </button>
          <button type="button" data-testid="image-save" onClick={() => current && void saveFile(current.url, current.name, 'chat.imageSaveFailed')}>
            {t('chat.save')}
          </button>
        </div>
      )}
    />
  );
}
