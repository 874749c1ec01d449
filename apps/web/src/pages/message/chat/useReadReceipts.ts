import { mentionsUser } from '@parley/protocol';
import { useEffect, useRef } from 'react';
import { readAtMsg, setMsgIsRead } from '../../../api/messages.ts';
import { findContact } from '../../../stores/conversationList.ts';
import { useConversations } from '../../../stores/conversations.ts';
import { type ChatItem, isPending } from '../../../stores/messageList.ts';

const DEBOUNCE_MS = 300;

/**
 * While the chat is on screen (and the page visible): tells the server I read it, on open and
 * whenever a message from someone else arrives (the private-chat sender sees "read"); clears the
 * mention count when a message mentions me; the chat list drops its unread badge.
 */
export function useReadReceipts(contactId: string, isGroup: boolean, items: readonly ChatItem[], myUserId: number, enabled: boolean): void {
  let newestIncoming = 0;
  let newestMention = 0;
  for (let i = items.length - 1; i >= 0; i--) {
    const m = items[i];
    if (isPending(m) || String(m.fromUser.id) === String(myUserId)) continue;
    if (!newestIncoming) newestIncoming = m.msg_id;
    if (!newestMention && isGroup && mentionsUser(m, myUserId)) newestMention = m.msg_id;
    if (newestIncoming && (newestMention || !isGroup)) break;
  }
  const sent = useRef({ read: -1, mention: 0 });

  useEffect(() => {
    if (!enabled) return;
    const ref = /^\d+$/.test(contactId) ? Number(contactId) : contactId;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      if (document.visibilityState !== 'visible') return;
      const row = findContact(useConversations.getState().contacts, contactId);
      const mentionedInList = isGroup && (row?.is_at ?? 0) > 0;
      useConversations.getState().markRead(contactId);
      if (sent.current.read !== newestIncoming) {
        sent.current.read = newestIncoming;
        void setMsgIsRead(ref, isGroup ? 1 : 0, { silent: true }).catch(() => {
          sent.current.read = -1;
        });
      }
      if (newestMention > sent.current.mention || (mentionedInList && sent.current.mention === 0)) {
        sent.current.mention = Math.max(newestMention, 1);
        void readAtMsg(ref, { silent: true }).catch(() => undefined);
      }
    };
    timer = setTimeout(flush, DEBOUNCE_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        sent.current.read = -1;
        flush();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [contactId, isGroup, newestIncoming, newestMention, enabled]);
}
