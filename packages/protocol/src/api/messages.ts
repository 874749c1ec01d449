import { z } from 'zod';
import type { ErrorKey } from '../contract/errors.ts';
import { DB_ID_MAX, FORWARD_MAX_TARGETS, } from '../limits.ts';
import { bitSchema } from '../entities.ts';
import { wholeNumber } from './numbers.ts';
import { FORWARD_MAX_MESSAGES, KEYWORDS_MAX, MESSAGE_MSG, MESSAGE_PAGE_DEFAULT, MESSAGE_PAGE_MAX, SEARCH_PER_CONTACT_DEFAULT, SEARCH_PER_CONTACT_MAX } from './messageRules.ts';
export * from './messageRules.ts';

/**
 * Messaging (`/enterprise/im/*`, spec §3, §4, §7). See docs/api/messages.md.
 *
 * The API shapes are named `ChatMessage` / `ChatContact` (the client-side rule shapes of
 * `rules/types.ts` are `Message` / `Contact`; an API message is assignable to neither on purpose:
 * `msg_id` is a number here).
 */

// ---------------------------------------------------------------------------------------------
// Shapes answered by the API

/** `fromUser` of a message. `displayName` is the sender's nickname (never a viewer's remark). */
export const messageSenderSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  realname: z.string(),
  displayName: z.string(),
  avatar: z.string(),
  /** drawn-avatar colour code 1..5 (spec §3) */
  avatar_color: z.number().int(),
});
export type MessageSender = z.infer<typeof messageSenderSchema>;

/** `extends.quote` of a reply: the quoted message as facts the server checked (same conversation, visible, not recalled). */
export interface MessageQuote {
  msg_id: number;
  from: { id: number; name: string };
  type: string;
  /** the start of a quoted text ('' for other types, and once recalled) */
  text: string;
  /** 1: the quoted message was recalled since; its words are gone */
  recalled?: 1;
}

/** How much of a quoted text a reply keeps. */
export const QUOTE_TEXT_MAX = 120;

/** The uploaded file of an image/video/voice/emoji/file message. */
export const messageFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  ext: z.string(),
  /** signed download link (see docs/api/uploads.md) */
  url: z.string(),
});
export type MessageFile = z.infer<typeof messageFileSchema>;

/** A contact id as the API answers it: a user id (number), 'group-<n>' or 'system'. */
export const contactIdOutSchema = z.union([z.number().int(), z.string()]);

/** A message as the API answers and pushes it (spec §3). */
export const chatMessageSchema = z.object({
  /** client-made id (UUID), the idempotency key */
  id: z.string(),
  /** server id, increasing */
  msg_id: z.number().int(),
  /** private: the receiver's user id (number); group: 'group-<n>'; system notices: 'system' */
  toContactId: contactIdOutSchema,
  fromUser: messageSenderSchema,
  /** text; the file name for file kinds; the place name for location; the card name for contact; '' when recalled */
  content: z.string(),
  type: z.string(),
  /** SECONDS */
  sendTime: z.number().int(),
  /** mentioned user ids; 0 = everyone */
  at: z.array(z.number().int()),
  is_group: bitSchema,
  /** per type: voice/video {duration}, image/video {width,height}, location {lat,lng,name,address}, contact {kind,id,displayName,avatar,avatar_color}, forward {title,items} */
  extends: z.record(z.string(), z.unknown()),
  is_undo: bitSchema,
  /** private chats: 1 when the receiver has read it (meaningful to the sender); groups: 0 */
  is_read: bitSchema,
  file: messageFileSchema.nullable(),
  /**
   * Pushes and the sendMessage answer: the msg_id of the message before this one in the same
   * conversation (0 when it is the first). A client whose cache is complete only up to a lower
   * msg_id has a gap and fetches it (design: Realtime, "No loss, no duplicates"). Lists leave it out.
   */
  prev_msg_id: z.number().int().min(0).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A row of the chat list (getContacts, spec §3). */
export const chatContactSchema = z.object({
  /** private: the user id (number); group: 'group-<n>'; 'system' */
  id: contactIdOutSchema,
  displayName: z.string(),
  avatar: z.string(),
  avatar_color: z.number().int(),
  lastContent: z.string(),
  /**
   * What `lastContent` is, for translation (`chatLastContent(…).key`): 'text' | 'event' | 'system' (show
   * `lastContent` as it is), a label key of spec §4 ('image', 'voice' …), 'forward' or 'recalled'; '' when none.
   */
  last_key: z.string().optional(),
  /** ms; 0 when the conversation has no message */
  lastSendTime: z.number(),
  /** type of the last message ('' when none) */
  type: z.string(),
  unread: z.number().int(),
  is_top: bitSchema,
  /** 1 = notifications on; 0 = do-not-disturb */
  is_notice: bitSchema,
  /** unread messages mentioning me (or everyone) */
  is_at: z.number().int(),
  is_group: bitSchema,
  is_online: bitSchema,
  /** 1 for the file-transfer assistant (a chat with yourself) */
  is_self: bitSchema,
  /** groups: the notice text */
  notice: z.string().optional(),
  /** groups: the switches (GroupSetting) */
  setting: z.record(z.string(), z.unknown()).optional(),
  /** groups: my role (1 owner, 2 admin, 3 member) */
  role: z.number().int().optional(),
  index: z.string(),
  /** highest msg_id of this conversation the viewer may see (0 when none): reconcile from here */
  last_msg_id: z.number().int(),
  /**
   * When the last message is an `event` or `system` notice: its `extends` (e.g. `{event: 'group',
   * action, by, by_name, user_ids, names}`), so that a client can word it in the reader's language.
   */
  last_extends: z.record(z.string(), z.unknown()).optional(),
  /** groups: who wrote the last message (a remark if I gave one), for the "Alice: …" preview; absent for notices */
  last_from: z.object({ id: z.number().int(), name: z.string() }).optional(),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

/** Push `appendContact`: a new private contact for the chat list (the friend on the other side). */
export const appendContactPushSchema = chatContactSchema.omit({ is_self: true, last_msg_id: true }).extend({
  is_self: bitSchema.optional(),
  last_msg_id: z.number().int().optional(),
});
export type AppendContactPush = z.infer<typeof appendContactPushSchema>;

/** One hit group of searchMessages. */
export const messageSearchHitSchema = z.object({
  contact: z.object({
    id: contactIdOutSchema,
    displayName: z.string(),
    avatar: z.string(),
    avatar_color: z.number().int(),
    is_group: bitSchema,
  }),
  messages: z.array(chatMessageSchema),
});
export type MessageSearchHit = z.infer<typeof messageSearchHitSchema>;

/** Push data of `isRead`: `reader` read the private chat with you up to `msg_id`. */
export const isReadPushSchema = z.object({
  /**
   * The chat as the receiver of this push sees it: the reader's user id when the other side read my
   * messages; when `reader` is me (I read it on another device), that conversation's contact id.
   */
  toContactId: contactIdOutSchema,
  msg_id: z.number().int(),
  reader: z.number().int(),
});
export type IsReadPush = z.infer<typeof isReadPushSchema>;

/** Push data of `undoMessage`. */
export const undoMessagePushSchema = z.object({
  msg_id: z.number().int(),
  /** as in the message: the receiver id (private) or 'group-<n>' */
  toContactId: contactIdOutSchema,
  is_group: bitSchema,
  fromUser: messageSenderSchema,
  /** who recalled it (the sender, or a group owner/admin) */
  by: z.number().int(),
});
export type UndoMessagePush = z.infer<typeof undoMessagePushSchema>;

/** Answers of the per-conversation calls. */
export const readMarkSchema = z.object({ toContactId: contactIdOutSchema, msg_id: z.number().int() });
export const chatTopSchema = z.object({ id: contactIdOutSchema, is_top: bitSchema });
export const chatNoticeSchema = z.object({ id: contactIdOutSchema, is_notice: bitSchema });

// ---------------------------------------------------------------------------------------------
// Request bodies

const bit = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()]).transform((v) => (v === 1 || v === '1' || v === true ? 1 : 0) as 0 | 1);

/** A contact id: a user id (number or digits), 'group-<n>' or 'system'. */
export const contactIdSchema = z
  .union([z.number().int().positive().max(2_147_483_647), z.string().trim().min(1).max(64)], {
    error: 'conversations.toContactId' satisfies ErrorKey,
  })
  .transform((v) => String(v));

/** A message reference: its msg_id (number or digits) or its client id (a string). */
export const messageRefSchema = z.union([z.number().int().positive().max(DB_ID_MAX), z.string().trim().min(1).max(64)], {
  error: 'messages.messageRef' satisfies ErrorKey,
});

const msgIdSchema = wholeNumber(1, DB_ID_MAX, 'messages.msgIdNumber' satisfies ErrorKey);
const cursorSchema = wholeNumber(0, DB_ID_MAX);

/** A client-made message id (a UUID), the idempotency key of a send: the same id twice stores one message. */
export const clientMessageId = z
  .string({ error: 'messages.clientIdRequired' satisfies ErrorKey })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'messages.clientIdFormat' satisfies ErrorKey });

export const sendMessageBody = z.object({
  id: clientMessageId,
  toContactId: contactIdSchema,
  type: z.string({ error: 'messages.typeRequired' satisfies ErrorKey }).trim().min(1).max(32),
  /** text for text; ignored for file kinds; location/contact may give their object here or in `extends` */
  content: z.union([z.string(), z.record(z.string(), z.unknown())]).default(''),
  is_group: bit.default(0),
  at: z.array(wholeNumber(0, 2_147_483_647)).max(500).default([]),
  file_id: wholeNumber(1, 2_147_483_647).optional(),
  extends: z.record(z.string(), z.unknown()).default({}),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

export const getMessageListBody = z.object({
  toContactId: contactIdSchema,
  is_group: bit.default(0),
  page: wholeNumber(1, 100_000).default(1),
  limit: wholeNumber(1, MESSAGE_PAGE_MAX, 'messages.limitMax' satisfies ErrorKey).default(MESSAGE_PAGE_DEFAULT),
  /** messages AFTER this id, ascending (reconcile) */
  last_msg_id: cursorSchema.optional(),
  /** messages BEFORE this id (scroll-up) */
  before_msg_id: cursorSchema.optional(),
  keywords: z.string().trim().max(KEYWORDS_MAX).optional(),
  /** one message type, e.g. 'image' or 'file' */
  type: z.string().trim().max(32).optional(),
  /** 1: only messages that mention me (or everyone) */
  is_at: bit.optional(),
});
export type GetMessageListBody = z.infer<typeof getMessageListBody>;

export const conversationBody = z.object({ toContactId: contactIdSchema, is_group: bit.default(0) });
export const readAtMsgBody = z.object({ toContactId: contactIdSchema });
export const setChatTopBody = z.object({ id: contactIdSchema, is_top: bit });
export const isNoticeBody = z.object({ id: contactIdSchema, is_notice: bit });
export const delChatBody = z.object({ id: contactIdSchema });
export const clearMessageBody = z.object({ toContactId: contactIdSchema });
export const messageRefBody = z.object({ id: messageRefSchema });

export const forwardMessageBody = z
  .object({
    msg_id: msgIdSchema.optional(),
    msg_ids: z.array(msgIdSchema).max(FORWARD_MAX_MESSAGES).optional(),
    user_ids: z
      .array(contactIdSchema, { error: MESSAGE_MSG.forwardTargets })
      .min(1, { error: MESSAGE_MSG.forwardTargets })
      .max(FORWARD_MAX_TARGETS, { error: MESSAGE_MSG.forwardTargets }),
    merge: bit.default(0),
  })
  .refine((b) => b.msg_id !== undefined || (b.msg_ids?.length ?? 0) > 0, { error: MESSAGE_MSG.forwardNothing });
export type ForwardMessageBody = z.infer<typeof forwardMessageBody>;

export const searchMessagesBody = z.object({
  keywords: z
    .string({ error: 'messages.searchEmpty' satisfies ErrorKey })
    .trim()
    .min(1, { error: 'messages.searchEmpty' satisfies ErrorKey })
    .max(KEYWORDS_MAX),
  limit: wholeNumber(1, SEARCH_PER_CONTACT_MAX).default(SEARCH_PER_CONTACT_DEFAULT),
});

export const adminNoticeBody = z.object({
  page: wholeNumber(1, 100_000).default(1),
  limit: wholeNumber(1, MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_DEFAULT),
});

