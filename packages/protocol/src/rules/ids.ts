/**
 * Typed ids and the contact ids built from them (spec §3). A user id is an integer, a group's contact
 * id is the string `group-<n>`, the system notifications contact is `system`; a message has a
 * client-made `id` (UUID) and a server `msg_id` (integer, increasing).
 */

declare const brand: unique symbol;
/** A value of `T` that only the named constructor makes, so ids of different kinds do not mix. */
export type Brand<T, B extends string> = T & { readonly [brand]: B };

export type UserId = Brand<number, 'UserId'>;
export type GroupId = Brand<number, 'GroupId'>;
/** The server's message id (`msg_id`). */
export type MessageId = Brand<number, 'MessageId'>;
/** The client-made message id (UUID), the idempotency key. */
export type ClientMessageId = Brand<string, 'ClientMessageId'>;

export const GROUP_PREFIX = 'group-';
export const SYSTEM_CONTACT_ID = 'system';

export type GroupContactId = `group-${number}`;
export type SystemContactId = typeof SYSTEM_CONTACT_ID;
/** A chat-list contact: a user, a group or the system notifications. */
export type ContactRef = UserId | GroupContactId | SystemContactId;

const MAX_ID = 2_147_483_647;
const isIdNumber = (n: number): boolean => Number.isSafeInteger(n) && n > 0 && n <= MAX_ID;

/** A positive integer (or its digits) as a user id, else null. */
export function asUserId(value: unknown): UserId | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  return isIdNumber(n) ? (n as UserId) : null;
}

/** A positive integer as a server message id, else null. */
export function asMessageId(value: unknown): MessageId | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? (n as MessageId) : null;
}

export function groupContactId(groupId: number): GroupContactId {
  return `${GROUP_PREFIX}${groupId}`;
}

/** `group-<n>` → n, else null. */
export function parseGroupContactId(id: unknown): GroupId | null {
  if (typeof id !== 'string' || !id.startsWith(GROUP_PREFIX)) return null;
  const n = Number(id.slice(GROUP_PREFIX.length));
  return isIdNumber(n) ? (n as GroupId) : null;
}

/** Whether the id is spelled as a group contact id (well formed or not). */
export function isGroupContactId(id: unknown): id is GroupContactId {
  return typeof id === 'string' && id.startsWith(GROUP_PREFIX);
}

export function isSystemContactId(id: unknown): id is SystemContactId {
  return id === SYSTEM_CONTACT_ID;
}

/** A group given as its number, its digits or its contact id `group-<n>` → the group id, or null. */
export function toGroupId(ref: unknown): GroupId | null {
  if (typeof ref === 'number') return isIdNumber(ref) ? (ref as GroupId) : null;
  if (typeof ref !== 'string') return null;
  if (/^[1-9]\d{0,9}$/.test(ref)) return isIdNumber(Number(ref)) ? (Number(ref) as GroupId) : null;
  return parseGroupContactId(ref);
}

/** Two contact ids name the same contact (a user id may come as a number or as its digits). */
export const sameContactId = (a: unknown, b: unknown): boolean =>
  a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

type Addressed = { is_group: number; toContactId: unknown; fromUser: { id: unknown } };

/**
 * The conversation a message belongs to, as `me` sees it: the group, the system notifications, or the
 * other person (myself for the file-transfer assistant). Returned as the id was sent.
 */
export function contactIdOf<M extends Addressed>(m: M, me: unknown): M['toContactId'] | M['fromUser']['id'] | SystemContactId {
  if (m.is_group) return m.toContactId;
  if (isSystemContactId(m.toContactId)) return SYSTEM_CONTACT_ID;
  return sameContactId(m.fromUser.id, me) ? m.toContactId : m.fromUser.id;
}

/** `contactIdOf` as a string: the key conversations are stored and looked up by. */
export function conversationIdOf(m: Addressed, me: unknown): string {
  return String(contactIdOf(m, me));
}
