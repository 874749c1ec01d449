import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import styles from './ChatPanels.module.css';
import { chatTimeLabel } from './chatTimeLabel.ts';
import { saveFile } from './fileActions.ts';
import { type ForwardItem, forwardLineOf } from './forwardItems.ts';
import { PhotoViewerSheet } from './PhotoViewerSheet.tsx';

const photoUrl = (item: ForwardItem): string => (item.type === 'image' && item.file?.url ? item.file.url : '');

function ItemBody({ item, onPhoto }: { item: ForwardItem; onPhoto(url: string): void }) {
  const url = photoUrl(item);
  if (url) {
    return (
      <button type="button" className={styles.historyPhoto} onClick={() => onPhoto(url)} data-testid="forward-item-photo">
        <img src={url} alt={forwardLineOf(item)} />
      </button>
    );
  }
  if (item.file?.url && item.type !== 'image') {
    const { url: href, name } = item.file;
    return (
      <button type="button" className={styles.historyFile} onClick={() => void saveFile(href, name || item.content)} data-testid="forward-item-file">
        {forwardLineOf(item)} {name || item.content}
      </button>
    );
  }
  return <div className={styles.historyText}>{forwardLineOf(item)}</div>;
}

/** The chat history of a merged forward, as a sheet: who said what, photos to open, files to save. */
export function ForwardHistory({ title, items, onClose }: { title: string; items: ForwardItem[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<string | null>(null);
  const photos = items.filter((i) => photoUrl(i)).map((i) => ({ url: photoUrl(i), name: i.file?.name || t('chat.kind.image') }));
  const start = viewing ? photos.findIndex((p) => p.url === viewing) : -1;
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ height: '80vh', borderRadius: '12px 12px 0 0' }}>
      <div className={styles.history} data-testid="forward-history">
        <div className={styles.historyTitle}>{title}</div>
        <div className={styles.historyList}>
          {items.map((item) => (
            <div key={item.msg_id} className={styles.historyRow}>
              <Avatar name={item.fromUser.displayName} avatar={item.fromUser.avatar} color={item.fromUser.avatar_color} size={36} />
              <div className={styles.historyBody}>
                <div className={styles.historyMeta}>
                  <span>{item.fromUser.displayName}</span>
                  <span>{chatTimeLabel(item.sendTime)}</span>
                </div>
                <ItemBody item={item} onPhoto={setViewing} />
              </div>
            </div>
          ))}
        </div>
      </div>
      {start >= 0 ? <PhotoViewerSheet photos={photos} start={start} onClose={() => setViewing(null)} /> : null}
    </Popup>
  );
}
