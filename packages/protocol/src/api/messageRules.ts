import type { ErrorKey } from '../contract/errors.ts';
import { RECORDING_MIN_SECONDS } from '../limits.ts';
import { lastContentOf } from '../rules/lastContent.ts';

/** Messaging's limits, types and labels, and the last-content rule (no schema: the web loads these without zod). */

/** Longest text message, in characters (code points). */
export const TEXT_MAX_CHARS = 5000;
/** Page size of getMessageList: default and maximum. */
export const MESSAGE_PAGE_DEFAULT = 20;
export const MESSAGE_PAGE_MAX = 100;
/**
 * getMessageList's `count` stops at this many, or just past the page asked for when that is further:
 * counting a long chat on every page would cost more than the page. Below it the count is exact;
 * at it, a client knows only that more messages exist than it has.
 */
export const MESSAGE_COUNT_MAX = 1000;
/** At most this many messages forwarded in one call. */
export const FORWARD_MAX_MESSAGES = 100;
/** searchMessages: messages returned per conversation, default and maximum. */
export const SEARCH_PER_CONTACT_DEFAULT = 20;
export const SEARCH_PER_CONTACT_MAX = 100;
/** Keywords longer than this are refused. */
export const KEYWORDS_MAX = 100;

/** Display names the server gives its two built-in contacts. */
export const FILE_TRANSFER_NAME = '文件传输助手';
export const SYSTEM_CONTACT_NAME = '系统通知';
/** `from_user` of system notices. */
export const SYSTEM_USER_ID = 0;

/** Types a client may send with sendMessage. */
/** `good`: a card of one of the company's goods (the work area), `extends: {id}`. */
export const CLIENT_SEND_TYPES = ['text', 'emoji', 'image', 'voice', 'video', 'file', 'location', 'contact', 'good'] as const;
export type ClientSendType = (typeof CLIENT_SEND_TYPES)[number];
/** Types that carry an uploaded file (`file_id`). */
export const FILE_MESSAGE_TYPES = ['emoji', 'image', 'voice', 'video', 'file'] as const;
export type FileMessageType = (typeof FILE_MESSAGE_TYPES)[number];
/** Made by the server only (group events, friendship start, system notices). */
export const SERVER_MESSAGE_TYPES = ['event', 'system'] as const;
/** A merged forward (chat-history card); made by forwardMessage with merge: 1. */
export const FORWARD_MESSAGE_TYPE = 'forward';

/** Refusals of messaging (spec §8 where the spec has one): keys of the error table. */
export const MESSAGE_MSG = {
  privateChatDisabled: 'messages.privateChatDisabled',
  recordingTooShort: 'messages.recordingTooShort',
  videoTooLong: 'messages.videoTooLong',
  forwardTargets: 'messages.forwardTargets',
  forwardNothing: 'messages.forwardNothing',
} as const satisfies Record<string, ErrorKey>;
/** Voice/video duration limits, shared with the client recorder. */
export const VOICE_MIN_SECONDS = RECORDING_MIN_SECONDS;
// ---------------------------------------------------------------------------------------------
// Last content (spec §4): one rule for server (getContacts) and web (incoming messages)

export const FORWARD_LABEL = '[聊天记录]';
export const RECALLED_LABEL = '[消息已撤回]';

/** Whether a message mentions `userId`: by id, or everyone (`at` holds 0). */
export function mentionsUser(m: { at: readonly number[] }, userId: number): boolean {
  return m.at.includes(userId) || m.at.includes(0);
}

/**
 * The chat-list label of a message: the text for text/event/system, the spec §4 label otherwise,
 * '[聊天记录]' for a merged forward and '[消息已撤回]' for a recalled message.
 * `key` is stable for i18n ('text' | 'event' | 'system' mean "show `text` as is").
 */
export function chatLastContent(m: { type: string; content: string; is_undo?: number }): { key: string; text: string } {
  if (m.is_undo === 1) return { key: 'recalled', text: RECALLED_LABEL };
  if (m.type === FORWARD_MESSAGE_TYPE) return { key: 'forward', text: FORWARD_LABEL };
  return lastContentOf({ type: m.type, content: m.content });
}
