import { describe, expect, it } from 'vitest';
import { chatLastContent, forwardMessageBody, sendMessageBody } from './messages.ts';

describe('chatLastContent', () => {
  it('shows text as is and labels the other kinds (spec §4)', () => {
    expect(chatLastContent({ type: 'text', content: '你好' })).toEqual({ key: 'text', text: '你好' });
    expect(chatLastContent({ type: 'event', content: 'A invited B' }).text).toBe('A invited B');
    expect(chatLastContent({ type: 'image', content: 'a.png' }).text).toBe('[图片]');
    expect(chatLastContent({ type: 'contact', content: 'Bob' }).text).toBe('[个人名片]');
    expect(chatLastContent({ type: 'forward', content: 'x' })).toEqual({ key: 'forward', text: '[聊天记录]' });
    expect(chatLastContent({ type: 'text', content: '', is_undo: 1 })).toEqual({ key: 'recalled', text: '[消息已撤回]' });
    expect(chatLastContent({ type: 'hologram', content: '' }).text).toBe('[暂不支持的消息类型]');
  });
});

describe('message request bodies', () => {
  it('normalizes contact ids and flags', () => {
    const b = sendMessageBody.parse({ id: 'abc-1', toContactId: 12, type: 'text', content: 'hi', is_group: '0' });
    expect(b).toMatchObject({ toContactId: '12', is_group: 0, at: [], extends: {} });
    expect(sendMessageBody.safeParse({ id: 'a b', toContactId: 1, type: 'text' }).success).toBe(false);
  });

  it('limits forward targets to 9 and needs a message', () => {
    const ten = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(forwardMessageBody.safeParse({ msg_id: 1, user_ids: ten }).success).toBe(false);
    expect(forwardMessageBody.safeParse({ user_ids: [1] }).success).toBe(false);
    expect(forwardMessageBody.parse({ msg_id: 1, user_ids: [1, 'group-2'] }).user_ids).toEqual(['1', 'group-2']);
  });
});
