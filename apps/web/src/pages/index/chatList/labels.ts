import {
  type ChatMessage,
  chatLastContent,
  chatTime,
  type LastContentLabelKey,
  SYSTEM_CONTACT_ID,
  TEXT_CONTENT_TYPES,
} from '@parley/protocol';
import { describeEvent } from '../../../i18n/eventText.ts';
import { t } from '../../../i18n/index.ts';
import type { ConversationRow } from '../../../stores/conversationList.ts';
import { PathTo } from '../../../paths.ts';

/** Texts of the chat list shared by the rows, the search page and the browser notifications. */

type LabelKey = LastContentLabelKey | 'forward' | 'recalled';

const LABEL_KEYS = {
  image: 'chats.last.image',
  emoji: 'chats.last.emoji',
  voice: 'chats.last.voice',
  video: 'chats.last.video',
  file: 'chats.last.file',
  location: 'chats.last.location',
  contact: 'chats.last.contact',
  good: 'chats.last.good',
  webrtc: 'chats.last.webrtc',
  red_packet: 'chats.last.red_packet',
  unknown: 'chats.last.unknown',
  forward: 'chats.last.forward',
  recalled: 'chats.last.recalled',
} as const satisfies Record<LabelKey, string>;

const isTextType = (type: string): boolean => (TEXT_CONTENT_TYPES as readonly string[]).includes(type);

/**
 * The translated last content of a row: the labels of spec §4 (`last_key`: image, forward,
 * recalled …) are shown in the reader's language; text stays text; an
 * event with its facts (`last_extends`) is worded in the reader's language ("You …" when `me` did it).
 */
export function lastContentText(
  row: Pick<ConversationRow, 'lastContent' | 'last_key' | 'type' | 'last_extends'>,
  me?: number | string | null,
): string {
  const ext = row.last_extends;
  // a pushed group contact (addGroup, type 'group') carries the event that brought it
  if (ext && (row.type === 'event' || row.type === 'system' || row.type === 'group')) {
    return describeEvent({ type: row.type === 'system' ? 'system' : 'event', content: row.lastContent, extends: ext }, t, me);
  }
  // by the row's label key (server's getContacts, or chatLastContent of a pushed message), never by its text
  const key = row.last_key;
  if (!key || !Object.hasOwn(LABEL_KEYS, key)) return row.lastContent;
  return t(LABEL_KEYS[key as LabelKey]);
}

/**
 * The preview line of a row: in a group, someone else's message starts with their name
 * ("Alice: Hi"), as in WeChat; events, recalls and my own messages do not.
 */
export function rowPreviewText(
  row: Pick<ConversationRow, 'lastContent' | 'last_key' | 'type' | 'last_extends' | 'is_group' | 'last_from'>,
  me?: number | string | null,
): string {
  const text = lastContentText(row, me);
  const from = row.last_from;
  if (row.is_group !== 1 || !from || !text || String(from.id) === String(me ?? '') || row.last_key === 'recalled') return text;
  if (row.type === 'event' || row.type === 'system' || row.type === 'group') return text;
  return t('chats.senderPrefix', { name: from.name, text });
}

/** The translated one-line preview of a message (notifications, search results). */
export function messagePreview(m: Pick<ChatMessage, 'type' | 'content' | 'is_undo' | 'extends'>): string {
  if ((m.type === 'event' || m.type === 'system') && !m.is_undo) return describeEvent(m, t);
  const last = chatLastContent(m);
  if (isTextType(last.key)) return last.text;
  return t(LABEL_KEYS[last.key as LabelKey] ?? LABEL_KEYS.unknown);
}

const WEEKDAY_KEYS = [
  'chats.weekday.0',
  'chats.weekday.1',
  'chats.weekday.2',
  'chats.weekday.3',
  'chats.weekday.4',
  'chats.weekday.5',
  'chats.weekday.6',
] as const;

/** Spec §9 chat time as the list shows it: HH:mm today, yesterday, a weekday, MM-DD, YYYY-MM-DD. */
export function listTimeText(ms: number, now = Date.now()): string {
  if (!ms) return '';
  const c = chatTime(ms, now);
  switch (c.key) {
    case 'yesterday':
      return t('chats.time.yesterday');
    case 'weekday':
      return t(WEEKDAY_KEYS[c.weekday]);
    default:
      return c.text;
  }
}

/** The name of a row: the built-in contacts in the reader's language. */
export function rowName(row: Pick<ConversationRow, 'id' | 'displayName' | 'is_self'>): string {
  if (row.is_self === 1) return t('chats.fileTransfer');
  if (String(row.id) === SYSTEM_CONTACT_ID) return t('chats.system');
  return row.displayName;
}

/** The chat screen of a row (spec routes: `#/pages/message/chat`). */
export function chatPathOf(row: Pick<ConversationRow, 'id' | 'is_group' | 'displayName' | 'is_self'>): string {
  if (String(row.id) === SYSTEM_CONTACT_ID) return PathTo.systemChat();
  return PathTo.chat(row.id, row.is_group === 1, { name: rowName(row) });
}
