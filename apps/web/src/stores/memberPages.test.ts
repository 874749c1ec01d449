import { GroupRole, type GroupMemberView } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { membersOfPages, nextMemberOffset, patchPages } from './memberPages.ts';

const member = (user_id: number, mute_until = 0): GroupMemberView => ({
  user_id,
  nickname: `u${user_id}`,
  avatar: '',
  avatar_color: 1,
  role: GroupRole.MEMBER,
  mute_until,
  is_friend: 0,
  can_add_friend: 0,
});
const page = (ids: number[], total: number) => ({ members: ids.map((id) => member(id)), total });

describe('nextMemberOffset', () => {
  it('starts the next page after every loaded member until all are there', () => {
    const first = page([1, 2, 3], 7);
    expect(nextMemberOffset(first, [first])).toBe(3);
    const second = page([4, 5, 6], 7);
    expect(nextMemberOffset(second, [first, second])).toBe(6);
    const third = page([7], 7);
    expect(nextMemberOffset(third, [first, second, third])).toBeUndefined();
  });

  it('stops on an empty page even when the total promised more (members left meanwhile)', () => {
    const first = page([1, 2], 5);
    const empty = page([], 5);
    expect(nextMemberOffset(empty, [first, empty])).toBeUndefined();
  });
});

describe('membersOfPages', () => {
  it('keeps the order and lists a member shifted into the next page once', () => {
    expect(membersOfPages([page([1, 2, 3], 6), page([3, 4, 5], 6)]).map((m) => m.user_id)).toEqual([1, 2, 3, 4, 5]);
    expect(membersOfPages([])).toEqual([]);
  });
});

describe('patchPages', () => {
  const data = { pages: [page([1, 2], 4), page([3, 4], 4)], pageParams: [0, 2] };

  it('changes a member in place', () => {
    const next = patchPages(data, (m) => (m.user_id === 3 ? { ...m, mute_until: 99 } : m));
    expect(next?.pages[1].members[0].mute_until).toBe(99);
    expect(next?.pages.map((p) => p.total)).toEqual([4, 4]);
    expect(next?.pageParams).toEqual([0, 2]);
  });

  it('removes a member and lowers the total, so the next page starts where the server now does', () => {
    const next = patchPages(data, (m) => (m.user_id === 2 ? null : m));
    expect(next?.pages.map((p) => p.members.map((m) => m.user_id))).toEqual([[1], [3, 4]]);
    expect(next?.pages.map((p) => p.total)).toEqual([3, 3]);
    const last = next?.pages[1];
    expect(last && nextMemberOffset(last, next?.pages ?? [])).toBeUndefined();
  });

  it('leaves no data as it is', () => {
    expect(patchPages(undefined, (m) => m)).toBeUndefined();
  });
});
