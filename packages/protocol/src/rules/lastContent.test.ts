import { describe, expect, it } from 'vitest';
import { LAST_CONTENT_LABELS, lastContentOf } from './lastContent.ts';
import { MESSAGE_TYPES } from './types.ts';

describe('lastContentOf: text-like types show the content', () => {
  it.each(['text', 'event', 'system'])('%s', (type) => {
    expect(lastContentOf({ type, content: 'hello 你好' })).toEqual({ key: type, text: 'hello 你好' });
  });
  it('missing content gives empty text', () => {
    expect(lastContentOf({ type: 'text', content: undefined as never })).toEqual({ key: 'text', text: '' });
  });
});

describe('lastContentOf: labels (spec §4)', () => {
  it.each([
    ['image', '[图片]'],
    ['emoji', '[自定义表情]'],
    ['voice', '[语音]'],
    ['video', '[视频]'],
    ['file', '[文件]'],
    ['location', '[位置]'],
    ['contact', '[个人名片]'],
    ['webrtc', '[音视频通话]'],
    ['red_packet', '[红包]'],
  ])('%s → %s', (type, label) => {
    expect(lastContentOf({ type, content: 'https://x/y.png' })).toEqual({ key: type, text: label });
  });
  it.each(['sticker', '', 'unknown', 'toString', '__proto__'])('unknown type %o → [暂不支持的消息类型]', (type) => {
    expect(lastContentOf({ type, content: 'x' })).toEqual({ key: 'unknown', text: '[暂不支持的消息类型]' });
  });
  it('every message type is covered without falling back to unknown', () => {
    for (const type of MESSAGE_TYPES) expect(lastContentOf({ type, content: 'c' }).key).toBe(type);
  });
  it('exports the label map', () => {
    expect(LAST_CONTENT_LABELS.unknown).toBe('[暂不支持的消息类型]');
    expect(Object.keys(LAST_CONTENT_LABELS)).toHaveLength(11);
    // a shared good of the work area
    expect(lastContentOf({ type: 'good', content: 'Cloud seat' })).toEqual({ key: 'good', text: '[商品]' });
  });
});
