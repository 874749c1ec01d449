import type { Message } from './types.ts';

/** Last-content labels of non-text message types (spec §4). `webrtc` is the call message. */
export const LAST_CONTENT_LABELS = {
  image: '[图片]',
  emoji: '[自定义表情]',
  voice: '[语音]',
  video: '[视频]',
  file: '[文件]',
  location: '[位置]',
  contact: '[个人名片]',
  good: '[商品]',
  webrtc: '[音视频通话]',
  red_packet: '[红包]',
  unknown: '[暂不支持的消息类型]',
} as const;
export type LastContentLabelKey = keyof typeof LAST_CONTENT_LABELS;

/** Types whose last content is the message text itself. */
export const TEXT_CONTENT_TYPES = ['text', 'event', 'system'] as const;
export type TextContentType = (typeof TEXT_CONTENT_TYPES)[number];

/**
 * `key` is stable for i18n: the label key, or 'text' | 'event' | 'system' meaning "show `text` as is".
 * `text` is the zh label (or the content for the text-like types).
 */
export interface LastContent {
  key: LastContentLabelKey | TextContentType;
  text: string;
}

export function lastContentOf(message: Pick<Message, 'type' | 'content'>): LastContent {
  const type = message.type;
  if ((TEXT_CONTENT_TYPES as readonly string[]).includes(type)) {
    return { key: type as TextContentType, text: message.content == null ? '' : String(message.content) };
  }
  const key: LastContentLabelKey = Object.hasOwn(LAST_CONTENT_LABELS, type) ? (type as LastContentLabelKey) : 'unknown';
  return { key, text: LAST_CONTENT_LABELS[key] };
}
