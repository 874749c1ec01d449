import { describe, expect, it } from 'vitest';
import { activeChatOf } from './activeChat.ts';
import { chatsBadgeOf, titleWithUnread } from './unreadTitle.ts';

describe('chats tab badge and title', () => {
  it('shows the total, a dot when only muted chats have unread, else nothing', () => {
    expect(chatsBadgeOf(3, true)).toBe(3);
    expect(chatsBadgeOf(0, true)).toBe('dot');
    expect(chatsBadgeOf(0, false)).toBeUndefined();
  });

  it('prefixes the title with (n), replacing an earlier count, and caps at 99+', () => {
    expect(titleWithUnread('Chats · Parley', 2)).toBe('(2) Chats · Parley');
    expect(titleWithUnread('(2) Chats · Parley', 5)).toBe('(5) Chats · Parley');
    expect(titleWithUnread('(99+) Chats · Parley', 0)).toBe('Chats · Parley');
    expect(titleWithUnread('Chats', 120)).toBe('(99+) Chats');
  });
});

describe('activeChatOf', () => {
  it('is the toContactId of the chat route only', () => {
    expect(activeChatOf('#/pages/message/chat?toContactId=group-3&is_group=1')).toBe('group-3');
    expect(activeChatOf('#/pages/message/chat?toContactId=system')).toBe('system');
    expect(activeChatOf('#/pages/message/detail?toContactId=5')).toBeNull();
    expect(activeChatOf('#/')).toBeNull();
  });
});
