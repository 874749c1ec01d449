import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactIdOf, SYSTEM_CONTACT_ID } from './ids.ts';
import { applyIncomingMessage, hasLastMessage, sortContacts, unreadTotal } from './contacts.ts';
import type { Contact, Message } from './types.ts';

const ME = 1;

function contact(over: Partial<Contact> & Pick<Contact, 'id'>): Contact {
  return {
    displayName: `c${over.id}`,
    avatar: '',
    lastContent: 'hi',
    lastSendTime: 1_000,
    type: 'text',
    unread: 0,
    is_top: 0,
    is_notice: 1,
    is_at: 0,
    is_group: 0,
    is_online: 0,
    index: 'C',
    ...over,
  };
}

function message(over: Partial<Message> = {}): Message {
  return {
    id: 100,
    msg_id: 'm-100',
    toContactId: ME,
    fromUser: { id: 2, displayName: '李四', avatar: '/a/2.png' },
    content: 'hello',
    type: 'text',
    sendTime: 1_715_758_200,
    at: [],
    is_group: 0,
    ...over,
  };
}

describe('sortContacts', () => {
  it('pinned first, then others, each by lastSendTime descending', () => {
    const list = [
      contact({ id: 1, lastSendTime: 10 }),
      contact({ id: 2, lastSendTime: 30, is_top: 1 }),
      contact({ id: 3, lastSendTime: 50 }),
      contact({ id: 4, lastSendTime: 20, is_top: 1 }),
      contact({ id: 5, lastSendTime: 0 }),
    ];
    expect(sortContacts(list).map((c) => c.id)).toEqual([2, 4, 3, 1, 5]);
  });
  it('does not modify the input and keeps ties in input order', () => {
    const list = [contact({ id: 'a', lastSendTime: 5 }), contact({ id: 'b', lastSendTime: 5 })];
    const copy = [...list];
    expect(sortContacts(list).map((c) => c.id)).toEqual(['a', 'b']);
    expect(list).toEqual(copy);
  });
  it('treats a missing time as 0 and only is_top === 1 as pinned', () => {
    const list = [
      contact({ id: 1, lastSendTime: undefined as never }),
      contact({ id: 2, lastSendTime: 1, is_top: 2 }),
    ];
    expect(sortContacts(list).map((c) => c.id)).toEqual([2, 1]);
  });
  it('invariants: a permutation; pinned block first; times descending within each block', () => {
    const arb = fc.array(
      fc.record({ is_top: fc.constantFrom(0, 1), lastSendTime: fc.integer({ min: 0, max: 1e13 }) }),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(arb, (list) => {
        const sorted = sortContacts(list);
        expect(sorted).toHaveLength(list.length);
        expect(new Set(sorted)).toEqual(new Set(list));
        const firstUnpinned = sorted.findIndex((c) => c.is_top !== 1);
        if (firstUnpinned >= 0) expect(sorted.slice(firstUnpinned).every((c) => c.is_top !== 1)).toBe(true);
        for (let i = 1; i < sorted.length; i++) {
          if (sorted[i].is_top === sorted[i - 1].is_top) {
            expect(sorted[i].lastSendTime).toBeLessThanOrEqual(sorted[i - 1].lastSendTime);
          }
        }
        expect(sortContacts(sorted)).toEqual(sorted);
      }),
    );
  });
});

describe('hasLastMessage', () => {
  it('last content or a last send time', () => {
    expect(hasLastMessage({ lastContent: 'x', lastSendTime: 0 })).toBe(true);
    expect(hasLastMessage({ lastContent: '', lastSendTime: 5 })).toBe(true);
    expect(hasLastMessage({ lastContent: '', lastSendTime: 0 })).toBe(false);
  });
});

describe('unreadTotal', () => {
  it('sums unread of contacts with a last message and notifications on', () => {
    const list = [
      contact({ id: 1, unread: 2 }),
      contact({ id: 2, unread: 3, is_notice: 0 }),
      contact({ id: 3, unread: 4, lastContent: '', lastSendTime: 0 }),
      contact({ id: 4, unread: 5, lastContent: '', lastSendTime: 9 }),
      contact({ id: 5, unread: 0 }),
    ];
    expect(unreadTotal(list)).toBe(7);
  });
  it('is_notice other than 1 (0 or missing) means do-not-disturb', () => {
    expect(unreadTotal([contact({ id: 1, unread: 2, is_notice: undefined as never })])).toBe(0);
  });
  it('ignores negative or invalid unread', () => {
    expect(unreadTotal([contact({ id: 1, unread: -3 }), contact({ id: 2, unread: Number.NaN })])).toBe(0);
  });
  it('empty list is 0', () => {
    expect(unreadTotal([])).toBe(0);
  });
});

describe('contactIdOf', () => {
  it('group messages belong to toContactId', () => {
    expect(contactIdOf(message({ is_group: 1, toContactId: 'group-9' }), ME)).toBe('group-9');
    expect(contactIdOf(message({ is_group: 1, toContactId: 'group-9', fromUser: { id: ME, displayName: 'me', avatar: '' } }), ME)).toBe('group-9');
  });
  it('a private message from someone else belongs to the sender', () => {
    expect(contactIdOf(message(), ME)).toBe(2);
  });
  it('my own private message (another device) belongs to the receiver', () => {
    expect(contactIdOf(message({ fromUser: { id: ME, displayName: 'me', avatar: '' }, toContactId: 7 }), ME)).toBe(7);
  });
  it('compares ids as strings', () => {
    expect(contactIdOf(message({ fromUser: { id: '1', displayName: 'me', avatar: '' }, toContactId: 7 }), 1)).toBe(7);
  });
});

describe('applyIncomingMessage: known contact', () => {
  const list = [contact({ id: 2, unread: 1, is_at: 0, lastContent: 'old', lastSendTime: 5 }), contact({ id: 3 })];

  it('updates last content, time (ms), type; unread +1 for another sender', () => {
    const { contacts, systemUnread } = applyIncomingMessage(list, message({ type: 'image', content: 'x.png' }), ME);
    expect(systemUnread).toBe(0);
    expect(contacts[0]).toEqual({
      ...list[0],
      lastContent: '[图片]',
      lastSendTime: 1_715_758_200_000,
      type: 'image',
      unread: 2,
      is_at: 0,
    });
    expect(contacts[1]).toBe(list[1]);
  });
  it('does not modify the input list or contact', () => {
    const before = structuredClone(list);
    applyIncomingMessage(list, message(), ME);
    expect(list).toEqual(before);
  });
  it('text content is shown as is', () => {
    expect(applyIncomingMessage(list, message({ content: '你好' }), ME).contacts[0].lastContent).toBe('你好');
  });
  it('unknown types get the unsupported label', () => {
    expect(applyIncomingMessage(list, message({ type: 'poll' }), ME).contacts[0].lastContent).toBe('[暂不支持的消息类型]');
  });
  it('my own message (another device) updates without raising unread', () => {
    const mine = message({ fromUser: { id: ME, displayName: 'me', avatar: '' }, toContactId: 2 });
    const { contacts } = applyIncomingMessage(list, mine, ME);
    expect(contacts[0].unread).toBe(1);
    expect(contacts[0].lastContent).toBe('hello');
  });
  it('is_at +1 when I am in the at list', () => {
    const group = [contact({ id: 'group-9', is_group: 1, is_at: 1, unread: 0 })];
    const m = message({ is_group: 1, toContactId: 'group-9', at: [5, ME] });
    const { contacts } = applyIncomingMessage(group, m, ME);
    expect(contacts[0]).toMatchObject({ is_at: 2, unread: 1 });
    expect(applyIncomingMessage(group, message({ is_group: 1, toContactId: 'group-9', at: [5] }), ME).contacts[0].is_at).toBe(1);
  });
  it('accepts sendTime in ms too', () => {
    expect(applyIncomingMessage(list, message({ sendTime: 1_715_758_200_123 }), ME).contacts[0].lastSendTime).toBe(
      1_715_758_200_123,
    );
  });
  it('matches contact ids as strings', () => {
    const { contacts } = applyIncomingMessage([contact({ id: '2' })], message(), ME);
    expect(contacts).toHaveLength(1);
    expect(contacts[0].unread).toBe(1);
  });
});

describe('applyIncomingMessage: unknown contact is created', () => {
  it('a private message from a stranger creates the sender as contact', () => {
    const { contacts, systemUnread } = applyIncomingMessage([contact({ id: 3 })], message({ at: [ME] }), ME);
    expect(systemUnread).toBe(0);
    expect(contacts).toHaveLength(2);
    expect(contacts[1]).toEqual({
      id: 2,
      displayName: '李四',
      avatar: '/a/2.png',
      lastContent: 'hello',
      lastSendTime: 1_715_758_200_000,
      type: 'text',
      unread: 1,
      is_top: 0,
      is_notice: 1,
      is_at: 1,
      is_group: 0,
      is_online: 0,
      index: 'L',
    });
  });
  it('a group message creates the group (index #), named from toUser when given', () => {
    const m = message({
      is_group: 1,
      toContactId: 'group-9',
      toUser: { displayName: '项目群', avatar: '/g/9.png' },
      type: 'voice',
    });
    const created = applyIncomingMessage([], m, ME).contacts[0];
    expect(created).toMatchObject({
      id: 'group-9',
      displayName: '项目群',
      avatar: '/g/9.png',
      is_group: 1,
      index: '#',
      unread: 1,
      lastContent: '[语音]',
      type: 'voice',
    });
  });
  it('without a toUser object the name is the id', () => {
    const created = applyIncomingMessage([], message({ is_group: 1, toContactId: 'group-9', toUser: 5 }), ME).contacts[0];
    expect(created).toMatchObject({ displayName: 'group-9', avatar: '' });
  });
  it('my own message to a new contact creates it with no unread', () => {
    const m = message({
      fromUser: { id: ME, displayName: 'me', avatar: '' },
      toContactId: 8,
      toUser: { id: 8, displayName: 'Zoe', avatar: '/a/8.png' },
    });
    expect(applyIncomingMessage([], m, ME).contacts[0]).toMatchObject({
      id: 8,
      displayName: 'Zoe',
      index: 'Z',
      unread: 0,
      is_at: 0,
    });
  });
});

describe('applyIncomingMessage: system contact', () => {
  it('raises the system unread count instead and leaves the list unchanged', () => {
    const list = [contact({ id: SYSTEM_CONTACT_ID, unread: 0 }), contact({ id: 2 })];
    const m = message({ toContactId: SYSTEM_CONTACT_ID, type: 'system', content: '好友申请' });
    const { contacts, systemUnread } = applyIncomingMessage(list, m, ME);
    expect(systemUnread).toBe(1);
    expect(contacts).toEqual(list);
    expect(contacts).not.toBe(list);
  });
  it('also when the system is the sender of a private message', () => {
    const m = message({ fromUser: { id: SYSTEM_CONTACT_ID, displayName: '系统', avatar: '' } });
    expect(applyIncomingMessage([], m, ME)).toEqual({ contacts: [], systemUnread: 1 });
  });
});
