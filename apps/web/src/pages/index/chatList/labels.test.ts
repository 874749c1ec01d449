import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { lastContentText, messagePreview, rowPreviewText } from './labels.ts';

describe('lastContentText of an event row', () => {
  const before = i18n.language;
  beforeAll(() => i18n.changeLanguage('zh'));
  afterAll(() => i18n.changeLanguage(before));

  const facts = { event: 'group', action: 'invite', by: 1, by_name: 'Alice', user_ids: [2], names: ['Bob'] };

  it('words the last event in the reader language, "you" when I did it', () => {
    const row = { type: 'event', lastContent: 'Alice invited Bob to the group', last_extends: facts };
    expect(lastContentText(row)).toBe('Alice邀请Bob加入了群聊');
    expect(lastContentText(row, 1)).toBe('你邀请Bob加入了群聊');
  });

  it('words a pushed group contact (no message type) from its facts', () => {
    expect(lastContentText({ type: 'group', lastContent: 'Alice invited Bob to the group', last_extends: facts })).toBe('Alice邀请Bob加入了群聊');
  });

  it('shows the content of an event without facts and of a text as is', () => {
    expect(lastContentText({ type: 'event', lastContent: 'Something happened' })).toBe('Something happened');
    expect(lastContentText({ type: 'text', lastContent: 'hi', last_extends: facts })).toBe('hi');
  });

  it('previews an event message (search hits, notifications) in the reader language', () => {
    const m = { type: 'event', content: 'Alice invited Bob to the group', is_undo: 0 as const, extends: facts };
    expect(messagePreview(m)).toBe('Alice邀请Bob加入了群聊');
    expect(messagePreview({ type: 'event', content: 'You are now friends', is_undo: 0 as const, extends: { event: 'friendAdded' } })).not.toBe(
      'You are now friends',
    );
  });
});

describe('lastContentText of a labelled row', () => {
  const before = i18n.language;
  beforeAll(() => i18n.changeLanguage('en'));
  afterAll(() => i18n.changeLanguage(before));

  it('translates by the row label key, never by the text', () => {
    expect(lastContentText({ type: 'image', lastContent: '[图片]', last_key: 'image' })).toBe(i18n.t('chats.last.image'));
    expect(lastContentText({ type: 'text', lastContent: '[消息已撤回]', last_key: 'recalled' })).toBe(i18n.t('chats.last.recalled'));
    // a text that happens to read like a label stays the text
    expect(lastContentText({ type: 'text', lastContent: '[图片]', last_key: 'text' })).toBe('[图片]');
  });
});

describe('rowPreviewText of a group row', () => {
  const before = i18n.language;
  beforeAll(() => i18n.changeLanguage('en'));
  afterAll(() => i18n.changeLanguage(before));

  const group = { is_group: 1 as const, type: 'text', lastContent: 'Hi all', last_from: { id: 2, name: 'Alice' } };

  it('starts with the sender of someone else\'s message', () => {
    expect(rowPreviewText(group, 1)).toBe('Alice: Hi all');
    expect(rowPreviewText({ ...group, type: 'image', lastContent: '[图片]', last_key: 'image' }, 1)).toBe('Alice: [Photo]');
  });

  it('leaves my own messages, private rows, recalls and events alone', () => {
    expect(rowPreviewText(group, 2)).toBe('Hi all');
    expect(rowPreviewText({ ...group, is_group: 0 as const }, 1)).toBe('Hi all');
    expect(rowPreviewText({ ...group, lastContent: '[消息已撤回]', last_key: 'recalled' }, 1)).toBe('[Message recalled]');
    expect(rowPreviewText({ ...group, type: 'event', lastContent: 'Bob joined', last_from: undefined }, 1)).toBe('Bob joined');
  });
});
