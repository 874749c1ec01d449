import { groupContactId, SYSTEM_CONTACT_ID } from '@parley/protocol';

/**
 * A conversation's storage key: every message row carries one.
 * Private chats (and the file-transfer assistant, a chat with yourself) `p:<low>:<high>`,
 * groups `g:<id>`, a user's system notifications `s:<user>`.
 */
export function privateConvKey(a: number, b: number): string {
  return a < b ? `p:${a}:${b}` : `p:${b}:${a}`;
}
export function groupConvKey(groupId: number): string {
  return `g:${groupId}`;
}
export function systemConvKey(userId: number): string {
  return `s:${userId}`;
}

/** The conversation key seen from `userId` for a chat-list contact id. */
export function convKeyForContact(userId: number, contactId: string): string {
  if (contactId === SYSTEM_CONTACT_ID) return systemConvKey(userId);
  if (contactId.startsWith('group-')) return groupConvKey(Number(contactId.slice(6)));
  return privateConvKey(userId, Number(contactId));
}

/** A stored contact id as the API answers it: a user id as a number, 'group-<n>' and 'system' as they are. */
export function apiContactId(stored: string): number | string {
  return /^\d+$/.test(stored) ? Number(stored) : stored;
}

export { groupContactId };
