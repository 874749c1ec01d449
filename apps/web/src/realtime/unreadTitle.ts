import type { TabBadge } from '../stores/tabBar.ts';

const TITLE_PREFIX = /^\(\d+\+?\) /;

/** The chats tab badge: the spec §4 total; a dot when only do-not-disturb chats have unread. */
export function chatsBadgeOf(total: number, quietUnread: boolean): TabBadge {
  if (total > 0) return total;
  return quietUnread ? 'dot' : undefined;
}

/** `(n) ` in front of the page title while there is something unread. */
export function titleWithUnread(title: string, total: number): string {
  const bare = title.replace(TITLE_PREFIX, '');
  if (total <= 0) return bare;
  return `(${total > 99 ? '99+' : total}) ${bare}`;
}

