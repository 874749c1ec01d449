import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../i18n/index.ts';
import { type ChatItem, isPending } from '../../../stores/messageList.ts';
import { useSession } from '../../../stores/session.ts';
import styles from './ChatPanels.module.css';
import { canAddSticker, canCopy, canFavorite, canForward, canRecall, canTranscribe, canTranslate } from './messageRules.ts';

export type MenuAction = 'copy' | 'quote' | 'translate' | 'transcribe' | 'forward' | 'favorite' | 'sticker' | 'recall' | 'delete' | 'select';

export interface MessageMenuProps {
  message: ChatItem;
  at: { x: number; y: number };
  myUserId: number;
  /** group roles; null in a private chat */
  myRole: number | null;
  senderRole: number | null;
  onAction(action: MenuAction): void;
  onClose(): void;
}

const MENU_WIDTH = 260;

/** The long-press menu: a dark bar above (or below) the pressed point. */
export function MessageMenu({ message, at, myUserId, myRole, senderRole, onAction, onClose }: MessageMenuProps) {
  const { t } = useTranslation();
  const features = useSession((s) => s.globalConfig.features);
  // Only a press that began on the backdrop closes the menu: the click a touch screen sends when the
  // long-pressing finger lifts lands on the backdrop too, and must not close what it just opened.
  const pressedBackdrop = useRef(false);
  const pressedItem = useRef<MenuAction | null>(null);
  const items: { action: MenuAction; label: string }[] = [];
  if (canCopy(message)) items.push({ action: 'copy', label: t('chat.menu.copy') });
  if (message.msg_id && !isPending(message)) items.push({ action: 'quote', label: t('chat.menu.quote') });
  if (canTranslate(message, features)) items.push({ action: 'translate', label: t('translate.translate') });
  if (canTranscribe(message, features)) items.push({ action: 'transcribe', label: t('translate.transcribe') });
  if (canForward(message)) items.push({ action: 'forward', label: t('chat.menu.forward') });
  if (canFavorite(message)) items.push({ action: 'favorite', label: t('favorites.add') });
  if (canAddSticker(message)) items.push({ action: 'sticker', label: t('favorites.addSticker') });
  if (canRecall(message, myUserId, myRole, senderRole)) items.push({ action: 'recall', label: t('chat.menu.recall') });
  items.push({ action: 'delete', label: t('chat.menu.delete') });
  if (message.msg_id) items.push({ action: 'select', label: t('chat.menu.select') });

  const width = Math.min(MENU_WIDTH, items.length * 56 + 16);
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, at.x - width / 2));
  const above = at.y > 120;
  const top = above ? at.y - 70 : at.y + 20;

  return createPortal(
    <div
      className={styles.menuMask}
      onPointerDown={(e) => {
        pressedBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && pressedBackdrop.current) onClose();
        pressedBackdrop.current = false;
      }}
      onContextMenu={(e) => e.preventDefault()}
      data-testid="message-menu"
    >
      <div className={styles.menu} style={{ left, top, width }} role="menu">
        {items.map((item) => (
          <button
            key={item.action}
            type="button"
            role="menuitem"
            data-testid={`message-menu-${item.action}`}
            onPointerDown={() => {
              pressedItem.current = item.action;
            }}
            onClick={(e) => {
              e.stopPropagation();
              // the lift of the long-pressing finger may land on an item: only a press begun on it acts
              if (pressedItem.current !== item.action) return;
              onClose();
              onAction(item.action);
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
    </div>,
    document.body,
  );
}
