import { describe, expect, it } from 'vitest';
import {
  advanceSynced,
  type ChatItem,
  hasGap,
  lastReadOfMine,
  markReadUpTo,
  markRecalled,
  mergeMessages,
  newestMsgId,
  oldestMsgId,
  patchPending,
  removeMessage,
} from './messageList.ts';

const ME = 1;
const OTHER = 2;

function msg(msgId: number, over: Partial<ChatItem> = {}): ChatItem {
  return {
    id: `c${msgId}`,
    msg_id: msgId,
    toContactId: OTHER,
    fromUser: { id: ME, user_id: ME, realname: '', displayName: 'me', avatar: '', avatar_color: 1 },
    content: `m${msgId}`,
    type: 'text',
    sendTime: 1_700_000_000 + msgId,
    at: [],
    is_group: 0,
    extends: {},
    is_undo: 0,
    is_read: 0,
    file: null,
    ...over,
  };
}

const pending = (id: string, sendTime: number, over: Partial<ChatItem> = {}) => msg(0, { id, sendTime, status: 'sending', ...over });
const ids = (items: ChatItem[]) => items.map((m) => m.msg_id || m.id);

describe('mergeMessages', () => {
  it('orders by msg_id and drops duplicates', () => {
    const out = mergeMessages([msg(3), msg(1)], [msg(2), msg(3), msg(1)]);
    expect(ids(out)).toEqual([1, 2, 3]);
  });

  it('keeps pending local messages after the server ones, in the order written', () => {
    const out = mergeMessages([pending('b', 20), msg(5)], [pending('a', 10), msg(6)]);
    expect(ids(out)).toEqual([5, 6, 'a', 'b']);
  });

  it("replaces a pending message by the server's copy with the same client id", () => {
    const out = mergeMessages([msg(1), pending('x', 10)], [msg(7, { id: 'x' })]);
    expect(ids(out)).toEqual([1, 7]);
    expect(out[1].status).toBeUndefined();
  });

  it('a newer server copy of the same msg_id wins (read marks, recalls)', () => {
    const out = mergeMessages([msg(1)], [msg(1, { is_read: 1 })]);
    expect(out).toHaveLength(1);
    expect(out[0].is_read).toBe(1);
  });

  it('a pending copy never replaces the server message', () => {
    const out = mergeMessages([msg(4, { id: 'x' })], [pending('x', 10)]);
    expect(out).toHaveLength(1);
    expect(out[0].msg_id).toBe(4);
  });

  it('merges a server copy that matches one entry by msg_id and another by client id into one', () => {
    const out = mergeMessages([msg(4, { id: 'y' }), pending('x', 10)], [msg(4, { id: 'x' })]);
    expect(ids(out)).toEqual([4]);
  });

  it('returns the same list for nothing new', () => {
    const items = [msg(1)];
    expect(mergeMessages(items, [])).toBe(items);
  });
});

describe('cursors', () => {
  it('newest and oldest ignore pending messages', () => {
    const items = mergeMessages([], [msg(3), msg(9), pending('p', 1)]);
    expect(newestMsgId(items)).toBe(9);
    expect(oldestMsgId(items)).toBe(3);
    expect(newestMsgId([])).toBe(0);
    expect(oldestMsgId([pending('p', 1)])).toBe(0);
  });
});

describe('updates', () => {
  it('recall empties the message', () => {
    const out = markRecalled([msg(1), msg(2, { content: 'secret' })], 2);
    expect(out[1]).toMatchObject({ is_undo: 1, content: '', file: null });
    const same = [msg(1)];
    expect(markRecalled(same, 5)).toBe(same);
  });

  it('recall takes the words out of the replies that quote it, also when the recalled one is not loaded', () => {
    const quote = { msg_id: 2, from: { id: 7, name: 'Bob' }, type: 'text', text: 'secret' };
    const reply = msg(3, { extends: { quote, note: 'kept' } });
    const out = markRecalled([msg(2, { content: 'secret' }), reply, msg(4, { extends: { quote: { ...quote, msg_id: 1 } } })], 2);
    expect(out[1].extends).toEqual({ quote: { ...quote, text: '', recalled: 1 }, note: 'kept' });
    expect(out[2].extends.quote).toMatchObject({ msg_id: 1, text: 'secret' });
    expect(markRecalled([reply], 2)[0].extends.quote).toMatchObject({ text: '', recalled: 1 });
  });

  it('read marks only my messages up to the cursor', () => {
    const theirs = msg(2, { fromUser: { id: OTHER, user_id: OTHER, realname: '', displayName: 'o', avatar: '', avatar_color: 1 } });
    const out = markReadUpTo([msg(1), theirs, msg(3), msg(4)], ME, 3);
    expect(out.map((m) => m.is_read)).toEqual([1, 0, 1, 0]);
    expect(lastReadOfMine(out, ME)).toBe(3);
  });

  it('remove by msg_id or by client id', () => {
    const items = [msg(1), pending('p', 5)];
    expect(ids(removeMessage(items, 1))).toEqual(['p']);
    expect(ids(removeMessage(items, 'p'))).toEqual([1]);
    expect(removeMessage(items, 9)).toBe(items);
  });

  it('patchPending touches only the local message', () => {
    const out = patchPending([msg(1, { id: 'p' }), pending('p', 5)], 'p', { status: 'failed' });
    expect(out[0].status).toBeUndefined();
    expect(out[1].status).toBe('failed');
  });
});

describe('advanceSynced', () => {
  const at = (msgId: number, prev?: number) => msg(msgId, { prev_msg_id: prev });
  it('moves over pushes that name a covered predecessor and stops at a gap', () => {
    expect(advanceSynced([at(3), at(5, 3), at(6, 5), at(9, 8), at(10, 9)], 3)).toBe(6);
    expect(advanceSynced([at(3), at(7)], 3)).toBe(3);
    expect(hasGap([at(3), at(7)], 3)).toBe(true);
    expect(hasGap([at(3), at(7, 3)], advanceSynced([at(3), at(7, 3)], 3))).toBe(false);
  });
});
