import { hasQuietUnread, totalUnread } from '../stores/conversationList.ts';
import { useConversations } from '../stores/conversations.ts';
import { useTabBar } from '../stores/tabBar.ts';
import { chatsBadgeOf, titleWithUnread } from './unreadTitle.ts';

function applyTitle(total: number): void {
  const next = titleWithUnread(document.title, total);
  if (next !== document.title) document.title = next;
}

/** Mirrors the unread total on the chats tab and in the document title, also after each route sets its title. */
export function startUnreadBadge(): void {
  let total = 0;
  const refresh = () => {
    const state = useConversations.getState();
    total = totalUnread(state);
    useTabBar.getState().setBadge('chats', chatsBadgeOf(total, hasQuietUnread(state)));
    applyTitle(total);
  };
  useConversations.subscribe((state, previous) => {
    if (state.contacts !== previous.contacts || state.systemUnread !== previous.systemUnread) refresh();
  });
  refresh();
  if (typeof MutationObserver !== 'undefined') {
    new MutationObserver(() => applyTitle(total)).observe(document.head, { subtree: true, childList: true, characterData: true });
  }
}
