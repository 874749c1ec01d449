import { toMillis } from '../format/time.ts';
import { contactIdOf, SYSTEM_CONTACT_ID, sameContactId } from './ids.ts';
import { indexLetterOf, OTHER_INDEX } from './indexLetter.ts';
import { lastContentOf } from './lastContent.ts';
import type { Contact, ContactId, Message } from './types.ts';

const sameId = sameContactId;

/**
 * Contacts list order (spec §4): pinned (is_top = 1) first, then the others, each by lastSendTime descending.
 * Returns a new array; ties keep their input order.
 */
export function sortContacts<T extends Pick<Contact, 'is_top' | 'lastSendTime'>>(list: readonly T[]): T[] {
  return [...list].sort(
    (a, b) =>
      Number(b.is_top === 1) - Number(a.is_top === 1) || (Number(b.lastSendTime) || 0) - (Number(a.lastSendTime) || 0),
  );
}

/** A contact has a last message when it has last content or a last send time. */
export function hasLastMessage(c: Pick<Contact, 'lastContent' | 'lastSendTime'>): boolean {
  return (c.lastContent ?? '') !== '' || (Number(c.lastSendTime) || 0) > 0;
}

/**
 * Unread total for the badge (spec §4): counts only contacts that have a last message and have notifications on.
 * Decision: `is_notice` is the do-not-disturb toggle stored as "notify": is_notice === 1 means notifications on
 * (do-not-disturb off); any other value (0, missing) means do-not-disturb and is not counted.
 */
export function unreadTotal(list: readonly Pick<Contact, 'lastContent' | 'lastSendTime' | 'is_notice' | 'unread'>[]): number {
  let total = 0;
  for (const c of list) {
    if (c.is_notice === 1 && hasLastMessage(c)) total += Math.max(0, Number(c.unread) || 0);
  }
  return total;
}

export interface IncomingResult {
  /** The new list (the input is not modified); the touched contact is updated in place or appended. */
  contacts: Contact[];
  /** Increase of the system unread count: 1 for a message to the system contact, else 0. */
  systemUnread: number;
}

/**
 * Incoming message (spec §4). For the message's conversation: last content (label of lastContentOf), last send time
 * (ms, from the message's seconds), type; unread +1 when the sender is another user; is_at +1 when the current user
 * is in `at`. An unknown conversation is created from the message (name and avatar of the sender for a private
 * message from someone else, else of `toUser` when it is an object, else the id as name). Messages to the system
 * contact leave the list unchanged and give `systemUnread: 1` instead. The list is not re-sorted: use sortContacts.
 */
export function applyIncomingMessage(
  contacts: readonly Contact[],
  message: Message,
  currentUserId: ContactId,
): IncomingResult {
  const contactId = contactIdOf(message, currentUserId);
  if (sameId(message.toContactId, SYSTEM_CONTACT_ID) || sameId(contactId, SYSTEM_CONTACT_ID)) {
    return { contacts: [...contacts], systemUnread: 1 };
  }
  const fromOther = !sameId(message.fromUser.id, currentUserId);
  const mentioned = (message.at ?? []).some((id) => sameId(id, currentUserId));
  const update = {
    lastContent: lastContentOf(message).text,
    lastSendTime: toMillis(message.sendTime),
    type: message.type,
  };
  const i = contacts.findIndex((c) => sameId(c.id, contactId));
  if (i >= 0) {
    const old = contacts[i];
    const next = [...contacts];
    next[i] = {
      ...old,
      ...update,
      unread: (Number(old.unread) || 0) + (fromOther ? 1 : 0),
      is_at: (Number(old.is_at) || 0) + (mentioned ? 1 : 0),
    };
    return { contacts: next, systemUnread: 0 };
  }
  const isGroup = message.is_group ? 1 : 0;
  const toUser = typeof message.toUser === 'object' && message.toUser !== null ? message.toUser : undefined;
  const source = !isGroup && fromOther ? message.fromUser : toUser;
  const displayName = source?.displayName || String(contactId);
  const created: Contact = {
    id: contactId,
    displayName,
    avatar: source?.avatar ?? '',
    ...update,
    unread: fromOther ? 1 : 0,
    is_top: 0,
    is_notice: 1,
    is_at: mentioned ? 1 : 0,
    is_group: isGroup,
    is_online: 0,
    index: isGroup ? OTHER_INDEX : indexLetterOf(displayName),
  };
  return { contacts: [...contacts, created], systemUnread: 0 };
}
