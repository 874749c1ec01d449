import { isGroupContactId, sameContactId } from '@parley/protocol';
import { type ConversationRow, findContact } from '../stores/conversationList.ts';

/** A conversation with cached messages and its synced mark: all is cached up to this msg_id (0 when none). */
export interface CachedConversation {
  contactId: string;
  syncedMsgId: number;
}

export interface ReconcileTarget {
  contactId: string;
  isGroup: boolean;
  /** Fetch the messages after this msg_id. */
  afterMsgId: number;
}

export interface PlanInput {
  cached: readonly CachedConversation[];
  /** The chat list as just reloaded. */
  contacts: readonly ConversationRow[];
  /** False when the reload failed: the list cannot tell what is new, so every cache is checked. */
  contactsFresh: boolean;
  /** The open chat: always checked. */
  activeId: string | null;
}


/**
 * After a (re)bind: which cached conversations to fetch, and from which msg_id. A conversation
 * whose newest server message (`last_msg_id` of the reloaded list) is within its synced mark is skipped;
 * one no longer in my list (a group I left, a chat I deleted) is skipped unless it is open.
 * The open chat comes first, then the most recent conversations. The open chat is fetched even
 * with nothing cached yet: its first page may still be on the way, answered before the messages
 * sent while this socket was not yet bound.
 */
export function planReconcile({ cached, contacts, contactsFresh, activeId }: PlanInput): ReconcileTarget[] {
  const targets: (ReconcileTarget & { order: number })[] = [];
  const openUncached = activeId && !cached.some((c) => sameContactId(c.contactId, activeId));
  const candidates = openUncached ? [...cached, { contactId: activeId, syncedMsgId: 0 }] : cached;
  for (const { contactId, syncedMsgId } of candidates) {
    const contact = findContact(contacts, contactId);
    const active = sameContactId(activeId, contactId);
    const behind = contact ? contact.last_msg_id > syncedMsgId : false;
    if (!(active || !contactsFresh || behind)) continue;
    targets.push({
      contactId,
      isGroup: contact ? contact.is_group === 1 : isGroupContactId(contactId),
      afterMsgId: syncedMsgId,
      order: active ? Number.POSITIVE_INFINITY : (contact?.lastSendTime ?? 0),
    });
  }
  return targets.sort((a, b) => b.order - a.order).map(({ order: _order, ...target }) => target);
}
