import type { MessageFile } from '@parley/protocol';
import { Popup } from 'antd-mobile';
import type { TFunction } from '../../../i18n/translator.ts';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { joinNames } from '../../../i18n/eventText.ts';
import type { ChatItem } from '../../../stores/messageList.ts';
import { messagePreview } from '../../index/chatList/labels.ts';
import styles from './ChatPanels.module.css';
import { chatTimeLabel } from './chatTimeLabel.ts';
import { saveFile } from './fileActions.ts';
import { PhotoViewer } from './PhotoViewer.tsx';

/** One message inside a merged forward (extends.items of a 'forward' message). */
export interface ForwardItem {
  msg_id: number;
  type: string;
  content: string;
  sendTime: number;
  extends?: Record<string, unknown>;
  /** the photo or file, with a download link for me (the server signs it per reader) */
  file?: Partial<MessageFile> | null;
  fromUser: { id: number; displayName: string; avatar: string; avatar_color: number };
}

export function forwardItemsOf(message: ChatItem): ForwardItem[] {
  const raw = message.extends.items;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((x): x is ForwardItem => typeof x === 'object' && x !== null && typeof (x as ForwardItem).msg_id === 'number')
    .map((x) => ({ ...x, fromUser: x.fromUser ?? { id: 0, displayName: '', avatar: '', avatar_color: 1 } }));
}

/** The card's title in my language from the senders' names ("Chat history of Alice and Bob"); older cards keep theirs. */
export function forwardTitleOf(message: ChatItem, t: TFunction): string {
  const names = Array.isArray(message.extends.names) ? message.extends.names.filter((n): n is string => typeof n === 'string' && n !== '') : [];
  if (names.length > 0) {
    const shown = names.length > 2 ? `${names.slice(0, 2).join(t('events.listSep'))}…` : joinNames(names, t);
    return t('chat.forward.titleOf', { names: shown });
  }
  return String(message.extends.title ?? '') || message.content || t('chat.forward.history');
}

/** What one forwarded message says, in my language ("[Photo]", a text as it was). */
export function forwardLineOf(item: ForwardItem): string {
  return messagePreview({ type: item.type, content: item.content, is_undo: 0, extends: item.extends ?? {} });
}

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
      {start >= 0 ? <PhotoViewer photos={photos} start={start} onClose={() => setViewing(null)} /> : null}
    </Popup>
  );
}
