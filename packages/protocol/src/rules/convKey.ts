import { type GroupId, isSystemContactId, parseGroupContactId, type UserId } from './ids.ts';

/**
 * A conversation's storage key (every message row carries one): private chats, the file-transfer
 * assistant included (a chat with yourself), `p:<low>:<high>`; groups `g:<id>`; a user's system
 * notifications `s:<user>` (`s:0` for notices to everyone).
 */
export type ConvKey = `p:${number}:${number}` | `g:${number}` | `s:${number}`;

export type ConvKeyParts =
  | { kind: 'private'; users: [UserId, UserId] }
  | { kind: 'group'; groupId: GroupId }
  | { kind: 'system'; userId: UserId };

export function privateConvKey(a: number, b: number): ConvKey {
  return a < b ? `p:${a}:${b}` : `p:${b}:${a}`;
}
export function groupConvKey(groupId: number): ConvKey {
  return `g:${groupId}`;
}
export function systemConvKey(userId: number): ConvKey {
  return `s:${userId}`;
}

export function encodeConvKey(parts: ConvKeyParts): ConvKey {
  if (parts.kind === 'group') return groupConvKey(parts.groupId);
  if (parts.kind === 'system') return systemConvKey(parts.userId);
  return privateConvKey(parts.users[0], parts.users[1]);
}

const DIGITS = /^\d{1,10}$/;

/** The parts of a stored key; null for anything `encodeConvKey` does not make. */
export function decodeConvKey(key: string): ConvKeyParts | null {
  const [kind, a, b, ...rest] = key.split(':');
  if (rest.length > 0 || a === undefined || !DIGITS.test(a)) return null;
  if (kind === 'g' && b === undefined) return { kind: 'group', groupId: Number(a) as GroupId };
  if (kind === 's' && b === undefined) return { kind: 'system', userId: Number(a) as UserId };
  if (kind === 'p' && b !== undefined && DIGITS.test(b)) return { kind: 'private', users: [Number(a) as UserId, Number(b) as UserId] };
  return null;
}

/** The users a conversation belongs to, for a private or system key (a group's come from its members). */
export function convKeyUsers(parts: ConvKeyParts): UserId[] {
  if (parts.kind === 'system') return [parts.userId];
  if (parts.kind === 'private') return parts.users[0] === parts.users[1] ? [parts.users[0]] : [...parts.users];
  return [];
}

/** The key seen from `userId` for a chat-list contact id (a user id, `group-<n>` or `system`). */
export function convKeyForContact(userId: number, contactId: string): ConvKey {
  if (isSystemContactId(contactId)) return systemConvKey(userId);
  const groupId = parseGroupContactId(contactId);
  if (groupId !== null) return groupConvKey(groupId);
  return privateConvKey(userId, Number(contactId));
}
