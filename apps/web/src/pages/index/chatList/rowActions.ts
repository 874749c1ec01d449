import { t } from '../../../i18n/index.ts';
import type { ConversationRow } from '../../../stores/conversationList.ts';

/** What a chat row offers, by swipe (touch) or by its context menu (right click, long press). */
export type RowAction = 'pin' | 'read' | 'delete';

export function rowActions(row: Pick<ConversationRow, 'unread' | 'is_at'>): RowAction[] {
  return ['pin', ...(row.unread > 0 || row.is_at > 0 ? (['read'] as const) : []), 'delete'];
}

export function rowActionText(action: RowAction, row: Pick<ConversationRow, 'is_top'>): string {
  if (action === 'pin') return row.is_top === 1 ? t('chats.swipe.unpin') : t('chats.swipe.pin');
  if (action === 'read') return t('chats.swipe.markRead');
  return t('chats.swipe.delete');
}
