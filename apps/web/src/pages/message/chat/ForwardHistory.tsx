import { Popup } from 'antd-mobile';
import { Avatar } from '../../../components/Avatar.tsx';
import type { ChatItem } from '../../../stores/messageList.ts';
import styles from './ChatPanels.module.css';
import { chatTimeLabel } from './chatTimeLabel.ts';

/** One message inside a merged forward (extends.items of a 'forward' message). */
export interface ForwardItem {
  msg_id: number;
  type: string;
  content: string;
  label: string;
  sendTime: number;
  fromUser: { id: number; displayName: string; avatar: string; avatar_color: number };
}

export function forwardItemsOf(message: ChatItem): ForwardItem[] {
  const raw = message.extends.items;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((x): x is ForwardItem => typeof x === 'object' && x !== null && typeof (x as ForwardItem).msg_id === 'number')
    .map((x) => ({ ...x, fromUser: x.fromUser ?? { id: 0, displayName: '', avatar: '', avatar_color: 1 } }));
}

/** The chat history of a merged forward, as a sheet. */
export function ForwardHistory({ title, items, onClose }: { title: string; items: ForwardItem[]; onClose: () => void }) {
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
                <div className={styles.historyText}>{item.type === 'text' ? item.content : item.label}</div>
              </div>
            </div>
          ))}
        </div>
      </div>
    </Popup>
  );
}
