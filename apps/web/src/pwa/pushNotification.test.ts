import { describe, expect, it } from 'vitest';
import { notificationOf } from './pushNotification.ts';

describe('notificationOf', () => {
  it('shows the title, the text and opens the chat; in a group the sender goes first', () => {
    const base = { title: 'Team', body: 'hello', url: '#/pages/message/chat?toContactId=group-3&is_group=1', tag: 'chat-group-3' };
    expect(notificationOf(JSON.stringify({ ...base, sender: 'Ann' }))).toMatchObject({
      title: 'Team',
      options: { body: 'Ann: hello', tag: 'chat-group-3', data: { url: base.url } },
    });
    expect(notificationOf(JSON.stringify({ ...base, sender: '' }))?.options.body).toBe('hello');
  });

  it('ignores what is not a Parley payload', () => {
    expect(notificationOf('not json')).toBeNull();
    expect(notificationOf('null')).toBeNull();
    expect(notificationOf(JSON.stringify({ body: 'no title' }))).toBeNull();
  });
});
