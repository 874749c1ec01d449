import type { MessageQuote } from '@parley/protocol';
import type { ChatItem } from '../../../stores/messageList.ts';
import { t } from '../../../i18n/index.ts';
import { messagePreview } from '../../index/chatList/labels.ts';

/** The quote a reply keeps of `m` (the server checks it and keeps its own copy of these facts). */
export function quoteOfMessage(m: ChatItem): MessageQuote {
  return { msg_id: m.msg_id, from: { id: m.fromUser.id, name: m.fromUser.displayName }, type: m.type, text: m.type === 'text' ? m.content : '' };
}

/** A reply's `extends.quote`, when it has one. */
export function quoteIn(m: Pick<ChatItem, 'extends'>): MessageQuote | null {
  const q = m.extends?.quote as Partial<MessageQuote> | undefined;
  if (!q || typeof q !== 'object' || typeof q.msg_id !== 'number' || !q.from) return null;
  return { msg_id: q.msg_id, from: q.from, type: String(q.type ?? 'text'), text: String(q.text ?? ''), ...(q.recalled === 1 ? { recalled: 1 as const } : {}) };
}

/** "Bob: Lunch at noon?" or "Bob: [Photo]", in my language (`name`: what I call its author); a recalled one says so. */
export function quoteLine(q: MessageQuote, name = q.from.name): string {
  if (q.recalled) return t('chat.quote.recalled');
  const what = q.type === 'text' ? q.text : messagePreview({ type: q.type, content: '', is_undo: 0, extends: {} });
  return `${name}: ${what}`;
}
