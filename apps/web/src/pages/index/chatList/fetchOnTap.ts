import { isGroupContactId, SYSTEM_CONTACT_ID } from '@parley/protocol';
import type { ConversationRow } from '../../../stores/conversationList.ts';

type MessagesStore = typeof import('../../../stores/messages.ts');

/**
 * The messages store (the socket layer loads it beside the first screen anyway), held once here: a
 * dynamic import at the tap itself would wait behind the chat screen's code loading.
 */
let messages: MessagesStore | undefined;
const loading = import('../../../stores/messages.ts').then((m) => {
  messages = m;
  return m;
});
loading.catch(() => undefined);

/** A tapped chat's newest messages, asked for at the tap rather than once the chat screen's code has loaded and drawn. */
export function fetchNewestOnTap(row: Pick<ConversationRow, 'id' | 'is_group'>): void {
  const contactId = String(row.id);
  if (contactId === SYSTEM_CONTACT_ID) return;
  const isGroup = row.is_group === 1 || isGroupContactId(contactId);
  const fetchNewest = (m: MessagesStore) => m.useMessages.getState().loadLatest(contactId, isGroup).catch(() => undefined);
  if (messages) void fetchNewest(messages);
  else void loading.then(fetchNewest, () => undefined);
}
