import { describe, expect, it } from 'vitest';
import type { ChatItem } from '../../../stores/messageList.ts';
import { buildRows } from './rows.ts';

const ME = 1;
function msg(msgId: number, sendTime: number, from = ME, over: Partial<ChatItem> = {}): ChatItem {
  return {
    id: `c${msgId}`,
    msg_id: msgId,
    toContactId: 2,
    fromUser: { id: from, user_id: from, realname: '', displayName: '', avatar: '', avatar_color: 1 },
    content: '',
    type: 'text',
    sendTime,
    at: [],
    is_group: 0,
    extends: {},
    is_undo: 0,
    is_read: 0,
    file: null,
    ...over,
  };
}
const kinds = (rows: ReturnType<typeof buildRows>) => rows.map((r) => (r.kind === 'time' ? 'T' : r.message.msg_id || r.message.id));

describe('buildRows', () => {
  it('puts a separator first and after gaps of 5 minutes or more', () => {
    const rows = buildRows([msg(1, 1000), msg(2, 1000 + 299), msg(3, 1000 + 299 + 300)], ME, false);
    expect(kinds(rows)).toEqual(['T', 1, 2, 'T', 3]);
  });

  it('marks my last stored message of a private chat, skipping theirs and pending ones', () => {
    const rows = buildRows([msg(1, 10), msg(2, 11), msg(3, 12, 2), msg(0, 13, ME, { id: 'p', status: 'sending' })], ME, true);
    const marked = rows.filter((r) => r.kind === 'message' && r.readMark).map((r) => (r.kind === 'message' ? r.message.msg_id : 0));
    expect(marked).toEqual([2]);
    expect(buildRows([msg(1, 10)], ME, false).some((r) => r.kind === 'message' && r.readMark)).toBe(false);
  });

  it('row keys are the client ids, stable from sending to stored', () => {
    const [, row] = buildRows([msg(9, 10, ME, { id: 'abc' })], ME, false);
    expect(row.key).toBe('m-abc');
  });
});
