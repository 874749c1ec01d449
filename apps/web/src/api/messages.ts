import type {
  ChatContact,
  ChatMessage,
  ClientSendType,
  Envelope,
  MessageSearchHit,
} from '@parley/protocol';
import { api, type RequestOptions } from './client.ts';

/**
 * Typed calls of messaging (`/enterprise/im/*`, docs/api/messages.md). Contact ids are user ids,
 * 'group-<n>' or 'system'; `is_group` is 0 or 1.
 */

export type ContactRef = number | string;
export type Bit = 0 | 1;

/** One page of messages, ascending by msg_id, with the total that matched (`count`). */
export interface MessagePage {
  items: ChatMessage[];
  count: number;
}

export interface MessageListQuery {
  toContactId: ContactRef;
  is_group: Bit;
  page?: number;
  limit?: number;
  /** Messages AFTER this id, ascending (reconcile after a rebind). */
  last_msg_id?: number;
  /** Messages BEFORE this id (scrolling up). */
  before_msg_id?: number;
  keywords?: string;
  /** One message type, e.g. 'image' or 'file'. */
  type?: string;
  /** 1: only messages that mention me. */
  is_at?: Bit;
}

export interface SendMessageInput {
  /** The client-made id (UUID): sending it again stores one message. */
  id: string;
  toContactId: ContactRef;
  type: ClientSendType;
  content?: string | Record<string, unknown>;
  is_group: Bit;
  at?: number[];
  file_id?: number;
  extends?: Record<string, unknown>;
}

export interface ForwardInput {
  /** One message, or several with `msg_ids`. */
  msg_id?: number;
  msg_ids?: number[];
  /** At most 9 user ids or 'group-<n>' ids. */
  user_ids: ContactRef[];
  /** 1: one merged chat-history message per target. */
  merge?: Bit;
}

/** Where a read cursor now stands. */
export interface CursorAnswer {
  toContactId: ContactRef;
  msg_id: number;
}

export function getContacts(options?: RequestOptions): Promise<ChatContact[]> {
  return api.call('getContacts', {}, options);
}

function toPage(envelope: Envelope<ChatMessage[]>): MessagePage {
  const items = Array.isArray(envelope.data) ? envelope.data : [];
  return { items, count: Number(envelope.count ?? items.length) };
}

export async function getMessageList(query: MessageListQuery, options?: RequestOptions): Promise<MessagePage> {
  return toPage(await api.envelope('getMessageList', query, options));
}

export function sendMessage(input: SendMessageInput, options?: RequestOptions): Promise<ChatMessage> {
  return api.call('sendMessage', input, options);
}

/** The messages made for the targets (one per target, or one merged per target). */
export function forwardMessage(input: ForwardInput, options?: RequestOptions): Promise<ChatMessage[]> {
  return api.call('forwardMessage', input, options);
}

/** Marks the conversation read up to its newest message (the private-chat sender is told). */
export function setMsgIsRead(toContactId: ContactRef, isGroup: Bit, options?: RequestOptions): Promise<CursorAnswer> {
  return api.call('setMsgIsRead', { toContactId, is_group: isGroup }, options);
}

/** Clears the '[有人@我]' count of a conversation. */
export function readAtMsg(toContactId: ContactRef, options?: RequestOptions): Promise<CursorAnswer> {
  return api.call('readAtMsg', { toContactId }, options);
}

/** Recalls a message (by msg_id or by my client id); answers the recalled message. */
export function undoMessage(id: number | string, options?: RequestOptions): Promise<ChatMessage> {
  return api.call('undoMessage', { id }, options);
}

/** Deletes a message for me only. */
export function delMessage(id: number | string, options?: RequestOptions): Promise<{ msg_id: number }> {
  return api.call('delMessage', { id }, options);
}

export function setChatTop(id: ContactRef, isTop: Bit, options?: RequestOptions): Promise<{ id: ContactRef; is_top: Bit }> {
  return api.call('setChatTop', { id, is_top: isTop }, options);
}

/** `isNotice` 1 = notifications on; 0 = do-not-disturb. */
export function isNotice(id: ContactRef, notice: Bit, options?: RequestOptions): Promise<{ id: ContactRef; is_notice: Bit }> {
  return api.call('isNotice', { id, is_notice: notice }, options);
}

/** Removes the conversation from my list until a newer message arrives. */
/** Clears a conversation's history for me (everything stored so far). */
export function clearMessage(toContactId: ContactRef, options?: RequestOptions): Promise<{ id: ContactRef; cleared_msg_id: number }> {
  return api.call('clearMessage', { toContactId }, options);
}

export function delChat(id: ContactRef, options?: RequestOptions): Promise<{ id: ContactRef }> {
  return api.call('delChat', { id }, options);
}

/** Messages containing `keywords` in all my conversations, grouped by conversation. */
export function searchMessages(keywords: string, limit?: number, options?: RequestOptions): Promise<MessageSearchHit[]> {
  return api.call('searchMessages', { keywords, ...(limit ? { limit } : {}) }, options);
}

/** The system notices (the 'system' contact), newest page last. */
export async function getAdminNotice(page = 1, limit?: number, options?: RequestOptions): Promise<MessagePage> {
  return toPage(await api.envelope('getAdminNotice', { page, ...(limit ? { limit } : {}) }, options));
}
