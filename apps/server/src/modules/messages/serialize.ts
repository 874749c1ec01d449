import type { Selectable } from 'kysely';
import type { MessagesTable } from '../../db/schema.ts';
import { type ChatMessage, FORWARD_MESSAGE_TYPE, type MessageSender, SYSTEM_CONTACT_ID, SYSTEM_CONTACT_NAME, SYSTEM_USER_ID } from '@parley/protocol';
import { apiContactId } from '../conversations/keys.ts';

/**
 * The one place where a stored message becomes the API's `ChatMessage` (spec §3).
 * Every reader (lists, pushes, search, forward, recall) goes through `toChatMessage`.
 */

/** A `messages` row joined with its sender (`users`) and its file (`uploads`), as `store.ts` selects it. */
export interface MessageRow extends Selectable<MessagesTable> {
  sender_nickname: string | null;
  sender_avatar: string | null;
  sender_avatar_color: number | null;
  file_name: string | null;
  file_size: number | null;
  file_mime: string | null;
  file_ext: string | null;
}

/** The sender columns of a user row. */
export interface SenderColumns {
  id: number;
  nickname: string;
  avatar: string;
  avatar_color: number;
}

export const SYSTEM_SENDER: MessageSender = {
  id: SYSTEM_USER_ID,
  user_id: SYSTEM_USER_ID,
  realname: SYSTEM_CONTACT_NAME,
  displayName: SYSTEM_CONTACT_NAME,
  avatar: '',
  avatar_color: 1,
};

export function senderOf(row: Pick<MessageRow, 'from_user' | 'sender_nickname' | 'sender_avatar' | 'sender_avatar_color'>): MessageSender {
  if (row.from_user === SYSTEM_USER_ID) return SYSTEM_SENDER;
  const name = row.sender_nickname ?? String(row.from_user);
  return {
    id: row.from_user,
    user_id: row.from_user,
    realname: name,
    displayName: name,
    avatar: row.sender_avatar ?? '',
    avatar_color: row.sender_avatar_color ?? 1,
  };
}

/** `toContactId` as the API shows it: a number for a private receiver, else the string id. */

function parseJson<T>(text: string, fallback: T): T {
  try {
    const v = JSON.parse(text);
    return v === null || typeof v !== 'object' ? fallback : (v as T);
  } catch {
    return fallback;
  }
}

export interface SerializeOptions {
  /** signed link of a file for the viewer of this answer (pushes use the sender) */
  fileUrl: (fileId: number) => string;
  /** private chats: whether the receiver has read it */
  isRead?: boolean;
}

/** A merged forward's photos and files get download links for this reader (the stored items have none). */
function withItemLinks(ext: Record<string, unknown>, fileUrl: (fileId: number) => string): Record<string, unknown> {
  if (!Array.isArray(ext.items)) return ext;
  const items = ext.items.map((item: unknown) => {
    if (item === null || typeof item !== 'object') return item;
    const file = (item as { file?: unknown }).file;
    if (file === null || typeof file !== 'object') return item;
    const id = Number((file as { id?: unknown }).id);
    return Number.isSafeInteger(id) && id > 0 ? { ...item, file: { ...file, url: fileUrl(id) } } : item;
  });
  return { ...ext, items };
}

function extendsFor(row: MessageRow, fileUrl: (fileId: number) => string): Record<string, unknown> {
  const ext = parseJson<Record<string, unknown>>(row.extends, {});
  return row.type === FORWARD_MESSAGE_TYPE ? withItemLinks(ext, fileUrl) : ext;
}

export function toChatMessage(row: MessageRow, opts: SerializeOptions): ChatMessage {
  const undone = Number(row.is_undo) === 1;
  const hasFile = !undone && row.file_id !== null && row.file_name !== null;
  const at = parseJson<unknown[]>(row.at, []);
  return {
    id: row.id,
    msg_id: Number(row.msg_id),
    toContactId: apiContactId(row.to_contact),
    fromUser: senderOf(row),
    content: undone ? '' : row.content,
    type: row.type,
    sendTime: Math.floor(Number(row.send_time) / 1000),
    at: Array.isArray(at) ? at.map(Number).filter((n) => Number.isSafeInteger(n)) : [],
    is_group: Number(row.is_group) === 1 ? 1 : 0,
    extends: undone ? {} : extendsFor(row, opts.fileUrl),
    is_undo: undone ? 1 : 0,
    is_read: opts.isRead ? 1 : 0,
    file: hasFile
      ? {
          id: Number(row.file_id),
          name: row.file_name ?? '',
          size: Number(row.file_size ?? 0),
          mime: row.file_mime ?? '',
          ext: row.file_ext ?? '',
          url: opts.fileUrl(Number(row.file_id)),
        }
      : null,
  };
}

/** Whether a stored `to_contact` is the system contact. */
export function isSystemContact(stored: string): boolean {
  return stored === SYSTEM_CONTACT_ID;
}
