import type { FriendItem } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { normalizeContact } from '../../../stores/conversationList.ts';
import { matchGroups, matchPeople } from './match.ts';

const friend = (user_id: number, displayName: string, nickname = displayName, account = `acc${user_id}`) =>
  ({ user_id, displayName, nickname, remark: '', account, avatar: '', avatar_color: 1 }) as FriendItem;

const rows = [
  normalizeContact({ id: 1, displayName: '文件传输助手', is_self: 1 }),
  normalizeContact({ id: 'group-2', displayName: '周末爬山群', is_group: 1 }),
  normalizeContact({ id: 'system', displayName: '系统通知' }),
  normalizeContact({ id: 9, displayName: 'Former friend' }),
];
const nameOf = (r: { displayName: string }) => r.displayName;

describe('global search by name', () => {
  it('finds friends by remark, nickname or account, and says which field matched', () => {
    const hits = matchPeople([friend(5, '老王', 'wang', 'wang01'), friend(6, 'Alice')], rows, 'WANG', nameOf);
    expect(hits).toEqual([expect.objectContaining({ id: 5, name: '老王', detail: 'wang' })]);
    expect(matchPeople([friend(5, '老王')], rows, '王', nameOf).map((h) => h.id)).toEqual([5]);
  });

  it('adds private chats of the list (file transfer, former friends) but not groups or system', () => {
    expect(matchPeople([], rows, '传输', nameOf).map((h) => h.id)).toEqual([1]);
    expect(matchPeople([], rows, 'former', nameOf).map((h) => h.id)).toEqual([9]);
    expect(matchPeople([], rows, '通知', nameOf)).toEqual([]);
  });

  it('finds groups by name', () => {
    expect(matchGroups(rows, '爬山').map((h) => h.id)).toEqual(['group-2']);
    expect(matchGroups(rows, '')).toEqual([]);
  });
});
