/** Client-side shapes of spec §3 used by the rules (contacts list and chat messages). */

export const MESSAGE_TYPES = [
  'text',
  'event',
  'location',
  'contact',
  'system',
  'red_packet',
  'image',
  'emoji',
  'voice',
  'video',
  'file',
  'webrtc',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Contact ids are user ids (numbers) or strings such as group ids and 'system'. */
export type ContactId = string | number;

/** A contact / conversation in the list (spec §3). Flags are 0 or 1. */
export interface Contact {
  id: ContactId;
  displayName: string;
  avatar: string;
  lastContent: string;
  /** Milliseconds. */
  lastSendTime: number;
  /** Type of the last message. */
  type: string;
  unread: number;
  is_top: number;
  /** 1 = notifications on; 0 = do-not-disturb. */
  is_notice: number;
  /** Count of unread mentions of me. */
  is_at: number;
  is_group: number;
  is_online: number;
  dep_id?: number | string;
  notice?: string;
  setting?: Record<string, unknown>;
  /** Index letter A-Z or '#'; groups use '#'. */
  index: string;
}

export interface MessageUser {
  id: ContactId;
  user_id?: number;
  realname?: string;
  displayName: string;
  avatar: string;
}

export interface MessageExtends {
  event?: string;
  type?: string | number;
  status?: string | number;
  code?: number;
  isMobile?: number | boolean;
}

/** A chat message (spec §3). */
export interface Message {
  id: ContactId;
  msg_id: string;
  toContactId: ContactId;
  /** The receiver: an id, or a user-like object when the server sends one. */
  toUser?: ContactId | Partial<MessageUser>;
  fromUser: MessageUser;
  content: string;
  /** One of MESSAGE_TYPES; other strings are treated as unknown types. */
  type: MessageType | (string & {});
  /** Seconds. */
  sendTime: number;
  /** User ids mentioned. */
  at: number[];
  is_group: number;
  extends?: MessageExtends;
}
