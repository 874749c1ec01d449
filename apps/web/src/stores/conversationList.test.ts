import type { ChatMessage } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import {
  applyIncoming,
  applyIncomingAll,
  applyUndo,
  type ConversationRow,
  EMPTY_LIST,
  fromServer,
  hasQuietUnread,
  type ListState,
  markRead,
  normalizeContact,
  setTop,
  totalUnread,
  upsert,
  visibleRows,
} from './conversationList.ts';

const ME = 1;
const NOW_S = 1_750_000_000;

function msg(over: Partial<ChatMessage> & { from?: number }): ChatMessage {
  const from = over.from ?? 2;
  return {
    id: `c-${over.msg_id ?? 1}`,
    msg_id: 1,
    toContactId: ME,
    fromUser: { id: from, user_id: from, realname: `u${from}`, displayName: `User ${from}`, avatar: '', avatar_color: 3 },
    content: 'hi',
    type: 'text',
    sendTime: NOW_S,
    at: [],
    is_group: 0,
    extends: {},
    is_undo: 0,
    is_read: 0,
    file: null,
    ...over,
  };
}

function row(over: Partial<ConversationRow> & Pick<ConversationRow, 'id'>): ConversationRow {
  return normalizeContact({ lastSendTime: 1000, lastContent: 'x', ...over });
}

const state = (contacts: ConversationRow[], systemUnread = 0): ListState => ({ contacts, systemUnread });

describe('applyIncoming (spec §4 incoming message)', () => {
  it('updates last content, time, type and raises unread for a message from someone else', () => {
    const s = state([row({ id: 2, last_msg_id: 5 })]);
    const out = applyIncoming(s, msg({ msg_id: 6, type: 'image', content: 'a.png' }), ME, null);
    expect(out.applied).toBe(true);
    expect(out.state.contacts[0]).toMatchObject({ id: 2, lastContent: '[图片]', lastSendTime: NOW_S * 1000, type: 'image', unread: 1, last_msg_id: 6 });
  });

  it('does not raise unread for my own message (sent here or on another device)', () => {
    const s = state([row({ id: 2, last_msg_id: 5 })]);
    const out = applyIncoming(s, msg({ msg_id: 6, from: ME, toContactId: 2 }), ME, null);
    expect(out.state.contacts[0]).toMatchObject({ id: 2, unread: 0, lastContent: 'hi' });
  });

  it('raises no unread for the chat that is open on screen', () => {
    const s = state([row({ id: 2 })]);
    const out = applyIncoming(s, msg({ msg_id: 6 }), ME, '2');
    expect(out.state.contacts[0].unread).toBe(0);
    expect(out.state.contacts[0].lastContent).toBe('hi');
  });

  it('counts a message once: a repeated push or one already in a reloaded list changes nothing', () => {
    const s = state([row({ id: 2, last_msg_id: 5 })]);
    const once = applyIncoming(s, msg({ msg_id: 6 }), ME, null).state;
    const twice = applyIncoming(once, msg({ msg_id: 6 }), ME, null);
    expect(twice.applied).toBe(false);
    expect(twice.state).toBe(once);
    expect(applyIncoming(s, msg({ msg_id: 4 }), ME, null).applied).toBe(false);
  });

  it('counts a mention of me, and of everyone (at 0) in groups', () => {
    const s = state([row({ id: 'group-7', is_group: 1 })]);
    const named = applyIncoming(s, msg({ msg_id: 2, is_group: 1, toContactId: 'group-7', at: [ME] }), ME, null).state;
    expect(named.contacts[0].is_at).toBe(1);
    const everyone = applyIncoming(named, msg({ msg_id: 3, is_group: 1, toContactId: 'group-7', at: [0] }), ME, null).state;
    expect(everyone.contacts[0]).toMatchObject({ is_at: 2, unread: 2 });
    const other = applyIncoming(everyone, msg({ msg_id: 4, is_group: 1, toContactId: 'group-7', at: [9] }), ME, null).state;
    expect(other.contacts[0].is_at).toBe(2);
  });

  it('creates an unknown conversation from the sender and asks for a reload', () => {
    const out = applyIncoming(EMPTY_LIST, msg({ msg_id: 3, from: 9 }), ME, null);
    expect(out.created).toBe(true);
    expect(out.state.contacts[0]).toMatchObject({ id: 9, displayName: 'User 9', unread: 1, is_notice: 1, avatar_color: 3, last_msg_id: 3 });
  });

  it('raises the system unread count, not a contact, for system notices', () => {
    const s = state([row({ id: 'system', last_msg_id: 1 }), row({ id: 2 })], 0);
    const out = applyIncoming(s, msg({ msg_id: 8, from: 0, toContactId: 'system', type: 'system', content: 'Maintenance' }), ME, null);
    expect(out.state.systemUnread).toBe(1);
    const system = out.state.contacts.find((c) => c.id === 'system');
    expect(system).toMatchObject({ lastContent: 'Maintenance', last_msg_id: 8 });
    expect(out.state.contacts.find((c) => c.id === 2)?.unread).toBe(0);
  });

  it('keeps pinned rows first and moves the newest conversation up', () => {
    const s = state([row({ id: 3, is_top: 1, lastSendTime: 10 }), row({ id: 4, lastSendTime: 50 }), row({ id: 2, lastSendTime: 20 })]);
    const out = applyIncoming(s, msg({ msg_id: 9 }), ME, null).state;
    expect(out.contacts.map((c) => c.id)).toEqual([3, 2, 4]);
  });

  it('labels a merged forward and a recalled message', () => {
    const s = state([row({ id: 2 })]);
    const fwd = applyIncoming(s, msg({ msg_id: 2, type: 'forward', content: 'A、B的聊天记录' }), ME, null).state;
    expect(fwd.contacts[0].lastContent).toBe('[聊天记录]');
    const undone = applyUndo(fwd, { msg_id: 2, toContactId: ME, is_group: 0, fromUser: msg({}).fromUser }, ME);
    expect(undone.contacts[0].lastContent).toBe('[消息已撤回]');
    expect(applyUndo(fwd, { msg_id: 1, toContactId: ME, is_group: 0, fromUser: msg({}).fromUser }, ME)).toBe(fwd);
  });

  it('keeps the facts of an event (last_extends) on the row, and drops them with the next ordinary message', () => {
    const facts = { event: 'group', action: 'leave', by: 3, by_name: 'Carol' };
    const s = state([row({ id: 'group-7', is_group: 1, last_msg_id: 5 })]);
    const ev = applyIncoming(s, msg({ msg_id: 6, from: 3, toContactId: 'group-7', is_group: 1, type: 'event', content: 'Carol left the group', extends: facts }), ME, null);
    expect(ev.state.contacts[0]).toMatchObject({ type: 'event', lastContent: 'Carol left the group', last_extends: facts });
    const text = applyIncoming(ev.state, msg({ msg_id: 7, from: 3, toContactId: 'group-7', is_group: 1, content: 'bye' }), ME, null);
    expect(text.state.contacts[0]).toMatchObject({ type: 'text', lastContent: 'bye' });
    expect(text.state.contacts[0].last_extends).toBeUndefined();
  });

  it('applies a batch in msg_id order whatever order it came in', () => {
    const s = state([row({ id: 2 })]);
    const out = applyIncomingAll(s, [msg({ msg_id: 3, content: 'third' }), msg({ msg_id: 2, content: 'second' })], ME, null);
    expect(out.contacts[0]).toMatchObject({ lastContent: 'third', unread: 2, last_msg_id: 3 });
  });
});

describe('fromServer', () => {
  it('folds in messages pushed while the request was on its way, without counting twice', () => {
    const server = [{ ...row({ id: 2, unread: 1, last_msg_id: 5 }) }, { ...row({ id: 'system', unread: 2 }) }];
    const pushed = [msg({ msg_id: 5 }), msg({ msg_id: 6, content: 'late' })];
    const out = fromServer(server, pushed, ME, null);
    expect(out.contacts.find((c) => c.id === 2)).toMatchObject({ unread: 2, lastContent: 'late', last_msg_id: 6 });
    expect(out.systemUnread).toBe(2);
  });

  it('clears the unread of the open chat and keeps group faces a push gave', () => {
    const previous = state([row({ id: 'group-1', is_group: 1, avatars: [{ user_id: 1, avatar: '', nickname: 'a', avatar_color: 1 }] })]);
    const out = fromServer([row({ id: 'group-1', is_group: 1, unread: 4, is_at: 1 })], [], ME, 'group-1', previous);
    expect(out.contacts[0]).toMatchObject({ unread: 0, is_at: 0 });
    expect(out.contacts[0].avatars).toHaveLength(1);
  });
});

describe('list settings', () => {
  it('markRead zeroes unread and mentions; for the system contact its own count', () => {
    const s = state([row({ id: 2, unread: 3, is_at: 1 }), row({ id: 'system', unread: 2 })], 2);
    expect(markRead(s, 2).contacts[0]).toMatchObject({ unread: 0, is_at: 0 });
    expect(markRead(s, 'system').systemUnread).toBe(0);
  });

  it('setTop re-sorts', () => {
    const s = state([row({ id: 2, lastSendTime: 20 }), row({ id: 3, lastSendTime: 10 })]);
    expect(setTop(s, 3, 1).contacts.map((c) => c.id)).toEqual([3, 2]);
  });

  it('upsert adds a new friend and merges a known row without losing its counters', () => {
    const s = state([row({ id: 2, unread: 2, last_msg_id: 4, lastContent: 'kept' })]);
    const merged = upsert(s, { id: 2, displayName: 'Renamed', lastContent: '', lastSendTime: 1 });
    expect(merged.contacts[0]).toMatchObject({ displayName: 'Renamed', unread: 2, lastContent: 'kept' });
    expect(upsert(s, { id: 5, displayName: 'New', lastSendTime: 5000 }).contacts.map((c) => c.id)).toEqual([5, 2]);
  });
});

describe('unread total (spec §4)', () => {
  it('counts rows with a last message and notifications on, plus system notices', () => {
    const s = state(
      [
        row({ id: 2, unread: 3 }),
        row({ id: 3, unread: 5, is_notice: 0 }),
        row({ id: 4, unread: 7, lastContent: '', lastSendTime: 0 }),
        row({ id: 'system', unread: 2 }),
      ],
      2,
    );
    expect(totalUnread(s)).toBe(5);
    expect(hasQuietUnread(s)).toBe(true);
    expect(totalUnread(setTop(state([row({ id: 'system', is_notice: 0 })], 4), 'x', 1))).toBe(0);
  });

  it('shows rows with a message, pinned rows and new contacts only', () => {
    const rows = [row({ id: 1, lastContent: '', lastSendTime: 0 }), row({ id: 2, lastContent: '', lastSendTime: 0, is_top: 1 }), row({ id: 3 })];
    expect(visibleRows(rows).map((c) => c.id)).toEqual([2, 3]);
  });
});
