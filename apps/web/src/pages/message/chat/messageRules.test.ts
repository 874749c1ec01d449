import { GroupRole } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import type { ChatItem } from '../../../stores/messageList.ts';
import { mentionIdsIn } from './drafts.ts';
import { canCopy, canForward, canRecall, canTranscribe, canTranslate } from './messageRules.ts';

const NOW = 1_800_000_000_000;
const { OWNER, ADMIN, MEMBER } = GroupRole;
function msg(over: Partial<ChatItem> = {}): ChatItem {
  return {
    id: 'c1',
    msg_id: 5,
    toContactId: 2,
    fromUser: { id: 1, user_id: 1, realname: '', displayName: 'me', avatar: '', avatar_color: 1 },
    content: 'hi',
    type: 'text',
    sendTime: NOW / 1000 - 30,
    at: [],
    is_group: 0,
    extends: {},
    is_undo: 0,
    is_read: 0,
    file: null,
    ...over,
  };
}

describe('message menu rules', () => {
  it('translate and convert to text: only when the server has the engine, only stored text or voice', () => {
    const on = { translate: true, transcribe: true };
    const off = { translate: false, transcribe: false };
    expect(canTranslate(msg(), on)).toBe(true);
    expect(canTranslate(msg(), off)).toBe(false);
    expect(canTranslate(msg({ type: 'voice' }), on)).toBe(false);
    expect(canTranslate(msg({ is_undo: 1 }), on)).toBe(false);
    expect(canTranslate(msg({ msg_id: 0, status: 'sending' }), on)).toBe(false);
    expect(canTranscribe(msg({ type: 'voice' }), on)).toBe(true);
    expect(canTranscribe(msg({ type: 'voice' }), off)).toBe(false);
    expect(canTranscribe(msg(), on)).toBe(false);
  });

  it('recall: mine within 2 minutes in a private chat; never pending, recalled or server-made', () => {
    expect(canRecall(msg(), 1, null, null, NOW)).toBe(true);
    expect(canRecall(msg({ sendTime: NOW / 1000 - 121 }), 1, null, null, NOW)).toBe(false);
    expect(canRecall(msg({ sendTime: NOW / 1000 - 120 }), 1, null, null, NOW)).toBe(true);
    expect(canRecall(msg(), 9, null, null, NOW)).toBe(false);
    expect(canRecall(msg({ status: 'sending', msg_id: 0 }), 1, null, null, NOW)).toBe(false);
    expect(canRecall(msg({ is_undo: 1 }), 1, OWNER, OWNER, NOW)).toBe(false);
    expect(canRecall(msg({ type: 'event' }), 1, OWNER, OWNER, NOW)).toBe(false);
  });

  it('recall in a group: the owner anything; an admin only plain members\' messages (as the server rules)', () => {
    const old = { sendTime: 0, is_group: 1 as const };
    expect(canRecall(msg(old), 9, OWNER, MEMBER, NOW)).toBe(true);
    expect(canRecall(msg(old), 9, OWNER, ADMIN, NOW)).toBe(true);
    expect(canRecall(msg(old), 9, ADMIN, MEMBER, NOW)).toBe(true);
    expect(canRecall(msg(old), 9, ADMIN, null, NOW)).toBe(true);
    // the web used to offer these; the server refuses them
    expect(canRecall(msg(old), 9, ADMIN, OWNER, NOW)).toBe(false);
    expect(canRecall(msg(old), 9, ADMIN, ADMIN, NOW)).toBe(false);
    expect(canRecall(msg(old), 9, MEMBER, MEMBER, NOW)).toBe(false);
    expect(canRecall(msg(old), 1, ADMIN, ADMIN, NOW)).toBe(true);
  });

  it('copy is for text; forward skips pending, recalled and server-made kinds', () => {
    expect(canCopy(msg())).toBe(true);
    expect(canCopy(msg({ type: 'image' }))).toBe(false);
    expect(canForward(msg())).toBe(true);
    expect(canForward(msg({ status: 'failed', msg_id: 0 }))).toBe(false);
    expect(canForward(msg({ is_undo: 1 }))).toBe(false);
    for (const type of ['event', 'system', 'webrtc', 'red_packet']) expect(canForward(msg({ type }))).toBe(false);
  });
});

describe('mentionIdsIn', () => {
  it('keeps the mentions still written in the text', () => {
    const mentions = [
      { id: 3, name: 'Bob' },
      { id: 0, name: '所有人' },
      { id: 4, name: 'Carol' },
    ];
    expect(mentionIdsIn('@Bob hi @所有人', mentions)).toEqual([3, 0]);
    expect(mentionIdsIn('nobody', mentions)).toEqual([]);
  });
});
