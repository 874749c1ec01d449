import type { MessageFile } from '@parley/protocol';
import { joinNames } from '../../../i18n/eventText.ts';
import type { TFunction } from '../../../i18n/translator.ts';
import type { ChatItem } from '../../../stores/messageList.ts';
import { messagePreview } from '../../index/chatList/labels.ts';

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
