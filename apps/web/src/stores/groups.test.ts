import { DEFAULT_GROUP_SETTING, GroupRole, type GroupMemberView, permissionsOf, toGroupId } from '@parley/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { fetchGroupInfo, fetchMyGroups, type GroupDetail, type GroupMemberPage } from '../api/groups.ts';
import { queryClient } from '../api/queryClient.ts';
import { memberPagesKey } from './memberPagesCache.ts';
import { applyGroupPush, loadGroup, loadGroupList, onGroupGone, resetGroups, useGroupsStore } from './groups.ts';
import { useSession } from './session.ts';

// The store's loaders are not under test here (the HTTP client needs a browser).
vi.mock('../api/groups.ts', () => ({
  fetchGroupInfo: vi.fn(() => new Promise(() => undefined)),
  fetchGroupMemberPage: vi.fn(() => new Promise(() => undefined)),
  fetchMyGroups: vi.fn(() => new Promise(() => undefined)),
}));

const ME = 7;
const GID = 12;

function member(user_id: number, role: GroupMemberView['role'] = GroupRole.MEMBER): GroupMemberView {
  return { user_id, nickname: `u${user_id}`, avatar: '', avatar_color: 1, role, mute_until: 0, is_friend: 1, can_add_friend: 0 };
}

function seed(role: GroupDetail['role'] = GroupRole.MEMBER): void {
  const setting = { ...DEFAULT_GROUP_SETTING };
  const group: GroupDetail = {
    group_id: GID,
    id: `group-${GID}`,
    name: 'Team',
    displayName: 'Team',
    avatar: '',
    avatars: [],
    owner_id: 1,
    member_count: 3,
    role,
    notice: '',
    notice_at: 0,
    setting,
    created_at: 0,
    mute_until: 0,
    is_top: 0,
    is_notice: 1,
    members_hidden: 0,
    permissions: permissionsOf(role, setting),
  };
  useGroupsStore.setState({
    groups: {
      [GID]: { status: 'ready', group, members: [member(1, GroupRole.OWNER), member(ME, role), member(9)], error: '', gone: null },
    },
    list: [
      { id: `group-${GID}`, group_id: GID, name: 'Team', displayName: 'Team', avatar: '', avatars: [], member_count: 3, role, owner_id: 1, index: '#' },
    ],
  });
}

const entry = () => useGroupsStore.getState().groups[GID];
const ref = { group_id: GID, id: `group-${GID}` };

beforeEach(() => {
  resetGroups();
  useSession.setState({ userInfo: { user_id: ME } as never });
});

describe('loading through the query client', () => {
  it('shares one request among concurrent loads, and a later load asks again', async () => {
    const fetchList = vi.mocked(fetchMyGroups);
    fetchList.mockClear();
    let answer: (list: []) => void = () => undefined;
    fetchList.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const first = loadGroupList();
    const second = loadGroupList();
    expect(fetchList).toHaveBeenCalledTimes(1);
    answer([]);
    await Promise.all([first, second]);
    expect(useGroupsStore.getState().list).toEqual([]);
    void loadGroupList();
    expect(fetchList).toHaveBeenCalledTimes(2);
  });
});

describe('a group I am out of', () => {
  it('removed while away: its info refused as not a member marks it gone, so the chat says so; another failure does not', async () => {
    const info = vi.mocked(fetchGroupInfo);
    info.mockImplementationOnce(() => Promise.reject(new ApiError('You are not a member of this group.', 'refused', { code: 403, key: 'groups.notMember' })));
    await loadGroup(GID);
    expect(entry().gone).toBe('removed');
    info.mockImplementationOnce(() => Promise.reject(new ApiError('This group has been dissolved.', 'refused', { code: 404, key: 'groups.gone' })));
    await loadGroup(GID + 1);
    expect(useGroupsStore.getState().groups[GID + 1].gone).toBe('dissolved');
    info.mockImplementationOnce(() => Promise.reject(new ApiError('Network timeout!', 'network')));
    await loadGroup(GID + 2);
    expect(useGroupsStore.getState().groups[GID + 2]).toMatchObject({ status: 'error', gone: null });
  });
});

describe('toGroupId', () => {
  it('reads numbers, numeric strings and contact ids', () => {
    expect(toGroupId(5)).toBe(5);
    expect(toGroupId('5')).toBe(5);
    expect(toGroupId('group-5')).toBe(5);
    expect(toGroupId('abc')).toBeNull();
    expect(toGroupId(0)).toBeNull();
    expect(toGroupId(undefined)).toBeNull();
  });
});

describe('group pushes', () => {
  it('renames the group and its list row', () => {
    seed();
    applyGroupPush.editGroupName({ ...ref, displayName: 'Renamed', name: 'Renamed' });
    expect(entry().group?.name).toBe('Renamed');
    expect(useGroupsStore.getState().list?.[0].name).toBe('Renamed');
  });

  it('changes the notice and its time', () => {
    seed();
    applyGroupPush.setNotice({ ...ref, notice: 'Hello', notice_at: 99 });
    expect(entry().group).toMatchObject({ notice: 'Hello', notice_at: 99 });
  });

  it('applies the switches and recomputes my permissions', () => {
    seed();
    expect(entry().group?.permissions.rename).toBe(false);
    applyGroupPush.groupSetting({ ...ref, setting: { ...DEFAULT_GROUP_SETTING, manage: 0, nospeak: 1 } });
    expect(entry().group?.setting.nospeak).toBe(1);
    expect(entry().group?.permissions.rename).toBe(true);
  });

  it('makes me an admin and updates the member row', () => {
    seed();
    applyGroupPush.setManager({ ...ref, owner_id: 1, user_id: ME, role: GroupRole.ADMIN, changes: [{ user_id: ME, role: GroupRole.ADMIN }] });
    expect(entry().group?.role).toBe(GroupRole.ADMIN);
    expect(entry().group?.permissions.moderate).toBe('members');
    expect(entry().members.find((m) => m.user_id === ME)?.role).toBe(GroupRole.ADMIN);
    expect(useGroupsStore.getState().list?.[0].role).toBe(GroupRole.ADMIN);
  });

  it('applies an ownership transfer to both members', () => {
    seed(GroupRole.OWNER);
    applyGroupPush.setManager({
      ...ref,
      owner_id: 9,
      user_id: 9,
      role: GroupRole.OWNER,
      changes: [
        { user_id: 9, role: GroupRole.OWNER },
        { user_id: ME, role: GroupRole.MEMBER },
      ],
    });
    expect(entry().group).toMatchObject({ owner_id: 9, role: GroupRole.MEMBER });
    expect(entry().members.find((m) => m.user_id === 9)?.role).toBe(GroupRole.OWNER);
  });

  it('mutes me and another member', () => {
    seed();
    applyGroupPush.setNoSpeak({ ...ref, user_id: ME, mute_until: 5000 });
    applyGroupPush.setNoSpeak({ ...ref, user_id: 9, mute_until: 6000 });
    expect(entry().group?.mute_until).toBe(5000);
    expect(entry().members.find((m) => m.user_id === 9)?.mute_until).toBe(6000);
  });

  it('adds and removes members with the new count', () => {
    seed();
    applyGroupPush.addGroupUser({
      ...ref,
      users: [{ user_id: 20, nickname: 'new', avatar: '', avatar_color: 2, role: GroupRole.MEMBER }],
      by: 1,
      member_count: 4,
      avatars: [],
    });
    expect(entry().members.map((m) => m.user_id)).toContain(20);
    expect(entry().group?.member_count).toBe(4);
    applyGroupPush.removeUser({ ...ref, user_id: 9, by: 1, left: 0, member_count: 3, avatars: [] });
    expect(entry().members.map((m) => m.user_id)).not.toContain(9);
    expect(entry().group?.member_count).toBe(3);
    expect(useGroupsStore.getState().list?.[0].member_count).toBe(3);
  });

  it('marks the group gone when I am removed, and tells the listeners', () => {
    seed();
    const told: string[] = [];
    const off = onGroupGone((id, why) => told.push(`${id}:${why}`));
    applyGroupPush.removeUser({ ...ref, user_id: ME, by: 1, left: 0, member_count: 2, avatars: [] });
    off();
    expect(entry().gone).toBe('removed');
    expect(useGroupsStore.getState().list).toEqual([]);
    expect(told).toEqual([`${GID}:removed`]);
  });

  it('marks the group dissolved', () => {
    seed();
    applyGroupPush.removeGroup({ ...ref, by: 1, name: 'Team' });
    expect(entry().gone).toBe('dissolved');
  });
});

describe('group pushes on the loaded member pages', () => {
  const key = [...memberPagesKey(GID), ''];
  const ids = () => queryClient.getQueryData<{ pages: GroupMemberPage[] }>(key)?.pages.flatMap((p) => p.members.map((m) => m.user_id));
  const one = (id: number) => queryClient.getQueryData<{ pages: GroupMemberPage[] }>(key)?.pages[0].members.find((m) => m.user_id === id);

  beforeEach(() => {
    queryClient.setQueryData(key, { pages: [{ members: [member(1, GroupRole.OWNER), member(ME), member(9)], total: 3 }], pageParams: [0] });
  });

  it('mutes and re-tags a listed member in place', () => {
    seed();
    applyGroupPush.setNoSpeak({ ...ref, user_id: 9, mute_until: 6000 });
    expect(one(9)?.mute_until).toBe(6000);
    applyGroupPush.setManager({ ...ref, owner_id: 1, user_id: 9, role: GroupRole.ADMIN, changes: [{ user_id: 9, role: GroupRole.ADMIN }] });
    expect(one(9)?.role).toBe(GroupRole.ADMIN);
  });

  it('drops a removed member and lowers the count', () => {
    seed();
    applyGroupPush.removeUser({ ...ref, user_id: 9, by: 1, left: 0, member_count: 2, avatars: [] });
    expect(ids()).toEqual([1, ME]);
    expect(queryClient.getQueryData<{ pages: GroupMemberPage[] }>(key)?.pages[0].total).toBe(2);
  });

  it('are dropped with the rest on sign-out', () => {
    resetGroups();
    expect(ids()).toBeUndefined();
  });
});
