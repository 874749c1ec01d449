import { ImageViewer } from 'antd-mobile';
import { createContext, useContext, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { saveFile } from './fileActions.ts';

/** One photo of the chat the viewer can show. */
export interface Photo {
  url: string;
  name: string;
}

/** The photos of the open chat, oldest first, and a way to open the viewer at one of them. */
export interface PhotoGallery {
  open(url: string): void;
}

export const PhotoGalleryContext = createContext<PhotoGallery | null>(null);

export const usePhotoGallery = (): PhotoGallery | null => useContext(PhotoGalleryContext);

const onBody = () => document.body;

/**
 * The full-screen photo viewer: rendered on the body (a transformed chat row would trap a fixed mask
 * in its own band), swipe between the photos, pinch to zoom.
 */
export function PhotoViewer({ photos, start, onClose }: { photos: readonly Photo[]; start: number; onClose(): void }) {
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
