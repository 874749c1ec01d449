import { describe, expect, it } from 'vitest';
import { friendIndexBody } from './friends.ts';
import { adminNoticeBody, forwardMessageBody, getMessageListBody, searchMessagesBody, sendMessageBody } from './messages.ts';

const send = { id: 'abc-1', toContactId: 12, type: 'text', content: 'hi' };

describe('numbers in request bodies are strict (no coercion of null, "", [] or booleans)', () => {
  it.each([[[null]], [['']], [[[]]], [[false]], [[' ']], [['1e3']]])('at: %j is refused, not @everyone', (at) => {
    expect(sendMessageBody.safeParse({ ...send, at }).success).toBe(false);
  });

  it('at keeps real ids, as numbers or digit strings, and 0 for @everyone', () => {
    expect(sendMessageBody.parse({ ...send, at: [0, 7, '9'] }).at).toEqual([0, 7, 9]);
  });

  it.each([[[50]], [true], [null], [''], ['5.5'], [{}]])('limit: %j is refused', (limit) => {
    expect(getMessageListBody.safeParse({ toContactId: 1, limit }).success).toBe(false);
    expect(searchMessagesBody.safeParse({ keywords: 'x', limit }).success).toBe(false);
    expect(adminNoticeBody.safeParse({ limit }).success).toBe(false);
    expect(friendIndexBody.safeParse({ limit }).success).toBe(false);
  });

  it('limit and page accept numbers and digit strings', () => {
    expect(getMessageListBody.parse({ toContactId: 1, limit: '20', page: 2 })).toMatchObject({ limit: 20, page: 2 });
  });

  it.each([[null], [''], [true], [[3]]])('file_id, msg_id and cursors refuse %j', (v) => {
    expect(sendMessageBody.safeParse({ ...send, file_id: v }).success).toBe(false);
    expect(forwardMessageBody.safeParse({ msg_id: v, user_ids: [1] }).success).toBe(false);
    expect(getMessageListBody.safeParse({ toContactId: 1, last_msg_id: v }).success).toBe(false);
  });
});
