/**
 * Groups cache (issue 5): per group id the group (name, notice, MY role, switches, MY mute), its
 * first members (groupInfo's), and my group list. Filled on first use, kept live by the pushes
 * handled in `realtime/groupsSync.ts`, reloaded after every socket (re)bind, emptied on sign-out.
 * Whole member lists are paged by `useGroupMembers` (`stores/groupMembers.ts`); the pushes here
 * keep its loaded pages in step.
 *
 * For other screens (every hook takes the group as a number or its contact id `group-<n>`):
 *
 * - `useGroupSpeakState(group)` → `{verdict, loaded, gone}` — the chat input's mute state.
 *   `verdict` is protocol `canSpeakInGroup(myRole, setting, myMuteUntil)`:
 *   `{ok: true}` or `{ok: false, reason: 'muteAll' | 'ownerOnly' | 'memberMuted', until?}`;
 *   it turns back to ok by itself when a member mute ends. `loaded` is false until the group
 *   info has come (treat the input as usable meanwhile: the server still refuses).
 *   `gone` is 'removed' | 'left' | 'dissolved' once I am no longer in the group, else null.
 *   Calling it loads the group if it is not cached.
 * - `useGroupName(group)` → the live group name ('' until known).
 * - `useGroupEntry(group)` → the whole cache entry, loading it on first use.
 * - `useGroupNoticeOnce(group)` lives in `pages/message/group/noticeOnce.tsx`: it shows a changed
 *   notice once per member (a dialog) — call it from the chat screen.
 */
import {
  canSpeakInGroup,
  type GroupMemberView,
  GroupRole,
  type GroupSetting,
  permissionsOf,
  type SpeakVerdict,
  toGroupId,
} from '@parley/protocol';
import { useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';
import {
  type AddGroupPush,
  type AddGroupUserPush,
  type EditGroupNamePush,
  fetchGroupInfo,
  fetchMyGroups,
  type GroupDetail,
  type GroupListItem,
  type GroupSettingPush,
  type RemoveGroupPush,
  type RemoveUserPush,
  type SetManagerPush,
  type SetNoSpeakPush,
  type SetNoticePush,
} from '../api/groups.ts';
import { ApiError } from '../api/client.ts';
import { loadedQueryClient } from '../api/queryClientRef.ts';
import { memberPagesCache } from './memberPagesCache.ts';
import { markNoticeSeen } from './groupNoticeSeen.ts';
import { useSession } from './session.ts';

export type GroupGone = 'removed' | 'left' | 'dissolved';

export interface GroupEntry {
  status: 'loading' | 'ready' | 'error';
  group: GroupDetail | null;
  /** the first members (groupInfo answers GROUP_INFO_MEMBERS, owner and admins first); [] when hidden from me */
  members: GroupMemberView[];
  /** the server's refusal when the last load failed */
  error: string;
  /** set when I left, was removed, or the group was dissolved */
  gone: GroupGone | null;
}

interface GroupsState {
  groups: Record<number, GroupEntry>;
  /** my groups (group/index); null until loaded */
  list: GroupListItem[] | null;
  listError: boolean;
}

const EMPTY_ENTRY: GroupEntry = { status: 'loading', group: null, members: [], error: '', gone: null };

export const useGroupsStore = create<GroupsState>()(() => ({ groups: {}, list: null, listError: false }));

const myId = (): number => useSession.getState().userInfo?.user_id ?? 0;

function setEntry(groupId: number, update: (entry: GroupEntry) => GroupEntry): void {
  useGroupsStore.setState((s) => ({ groups: { ...s.groups, [groupId]: update(s.groups[groupId] ?? EMPTY_ENTRY) } }));
}

/** Changes the cached group (if any), keeping the permissions in step with role and switches. */
function patchGroup(groupId: number, patch: (group: GroupDetail) => Partial<GroupDetail>): void {
  const entry = useGroupsStore.getState().groups[groupId];
  if (!entry?.group) return;
  setEntry(groupId, (e) => {
    if (!e.group) return e;
    const next = { ...e.group, ...patch(e.group) };
    return { ...e, group: { ...next, permissions: permissionsOf(next.role, next.setting) } };
  });
}

function patchListItem(groupId: number, patch: Partial<GroupListItem> | ((item: GroupListItem) => Partial<GroupListItem>)): void {
  useGroupsStore.setState((s) => ({
    list:
      s.list?.map((item) =>
        item.group_id === groupId ? { ...item, ...(typeof patch === 'function' ? patch(item) : patch) } : item,
      ) ?? null,
  }));
}

/** A new member count, unless the count is hidden from me. */
const countPatch = (avatars: GroupListItem['avatars'], count: number) => (item: { member_count: number | null }) => ({
  avatars,
  member_count: item.member_count === null ? null : count,
});

/** Changes the cached first members; a group not cached stays so (it loads when a screen asks). */
function patchMembers(groupId: number, update: (members: GroupMemberView[]) => GroupMemberView[]): void {
  if (!useGroupsStore.getState().groups[groupId]) return;
  setEntry(groupId, (e) => ({ ...e, members: update(e.members) }));
}

// --- loading ------------------------------------------------------------------------------------

/**
 * Concurrent callers of the same key share one request; a call after it settled is a reload. The
 * answers are then applied to the live entries that pushes patch.
 */
const inFlight = new Map<string, Promise<unknown>>();
function fetchShared<T>(key: string, fetch: () => Promise<T>): Promise<T> {
  let request = inFlight.get(key) as Promise<T> | undefined;
  if (!request) {
    const started: Promise<T> = fetch().finally(() => {
      if (inFlight.get(key) === started) inFlight.delete(key);
    });
    request = started;
    inFlight.set(key, request);
  }
  return request;
}

/** Loads (or reloads) a group's info; concurrent calls share one request. Never throws. */
export function loadGroup(groupId: number): Promise<void> {
  if (!useGroupsStore.getState().groups[groupId]) setEntry(groupId, () => EMPTY_ENTRY);
  return fetchShared(`${groupId}:info`, () => fetchGroupInfo(groupId))
    .then(({ group, members }) => {
      setEntry(groupId, (e) => ({
        ...e,
        status: 'ready',
        group,
        members,
        error: '',
        gone: null,
      }));
    })
    .catch((error: unknown) => {
      // no longer a member (removed while away) or the group is gone: said where the input was
      const gone = goneByRefusal[(error instanceof ApiError && error.details.key) || ''] ?? null;
      setEntry(groupId, (e) => ({ ...e, status: e.group ? e.status : 'error', error: messageOf(error), gone: e.gone ?? gone }));
    });
}

/** The refusals of a group's info that mean I am out of it. */
const goneByRefusal: Partial<Record<string, GroupGone>> = { 'groups.notMember': 'removed', 'groups.gone': 'dissolved' };

/** Loads my group list. Never throws. */
export function loadGroupList(): Promise<void> {
  return fetchShared('list', () => fetchMyGroups())
    .then((list) => useGroupsStore.setState({ list, listError: false }))
    .catch(() => useGroupsStore.setState({ listError: true }));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const refreshTimers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Reloads a cached group shortly (several pushes in a row cost one request): derived fields such
 * as `can_add_friend` or a newly visible member list come from the server.
 */
function refreshSoon(groupId: number): void {
  const entry = useGroupsStore.getState().groups[groupId];
  if (!entry || entry.gone) return;
  const pending = refreshTimers.get(groupId);
  if (pending) clearTimeout(pending);
  refreshTimers.set(
    groupId,
    setTimeout(() => {
      refreshTimers.delete(groupId);
      void loadGroup(groupId);
    }, 250),
  );
}

/** After a (re)bind: everything cached may have changed while offline. */
export function reloadAllGroups(): void {
  const { groups, list } = useGroupsStore.getState();
  for (const [id, entry] of Object.entries(groups)) if (!entry.gone) void loadGroup(Number(id));
  if (list) void loadGroupList();
  memberPagesCache.changedAll();
}

export function resetGroups(): void {
  for (const timer of refreshTimers.values()) clearTimeout(timer);
  refreshTimers.clear();
  inFlight.clear();
  // the member pages (`memberPagesCache.ts`) are kept under the groups' key
  loadedQueryClient()?.removeQueries({ queryKey: ['groups'] });
  useGroupsStore.setState({ groups: {}, list: null, listError: false });
}

// --- pushes -------------------------------------------------------------------------------------

type GoneListener = (groupId: number, why: GroupGone, name: string) => void;
const goneListeners = new Set<GoneListener>();

/** Told when I leave a group, am removed from it, or it is dissolved. */
export function onGroupGone(listener: GoneListener): () => void {
  goneListeners.add(listener);
  return () => goneListeners.delete(listener);
}

function markGone(groupId: number, why: GroupGone, name: string): void {
  // kept even for a group not cached yet, so an open screen of it knows
  setEntry(groupId, (e) => ({ ...e, status: e.group ? e.status : 'error', gone: why }));
  useGroupsStore.setState((s) => ({ list: s.list?.filter((item) => item.group_id !== groupId) ?? null }));
  for (const listener of goneListeners) listener(groupId, why, name);
}

export const applyGroupPush = {
  addGroup(data: AddGroupPush): void {
    const groupId = data.group_id;
    const entry = useGroupsStore.getState().groups[groupId];
    if (entry) {
      setEntry(groupId, (e) => ({ ...e, gone: null }));
      void loadGroup(groupId);
    }
    if (useGroupsStore.getState().list) void loadGroupList();
  },

  editGroupName(data: EditGroupNamePush): void {
    const name = data.displayName || data.name;
    patchGroup(data.group_id, () => ({ name, displayName: name }));
    patchListItem(data.group_id, { name, displayName: name });
  },

  setNotice(data: SetNoticePush): void {
    // My own notice (saved here or on another device) is never shown to me as news.
    if (data.by !== undefined && data.by === useSession.getState().userInfo?.user_id) markNoticeSeen(data.group_id, data.notice_at);
    patchGroup(data.group_id, () => ({ notice: data.notice, notice_at: data.notice_at }));
  },

  groupSetting(data: GroupSettingPush): void {
    const before = useGroupsStore.getState().groups[data.group_id]?.group;
    patchGroup(data.group_id, () => ({ setting: data.setting }));
    const after = useGroupsStore.getState().groups[data.group_id]?.group;
    // who sees the members and who may add them as friends come from the server
    if (
      before?.permissions.viewMembers !== after?.permissions.viewMembers ||
      before?.setting.addFriend !== after?.setting.addFriend
    ) {
      refreshSoon(data.group_id);
    }
  },

  setManager(data: SetManagerPush): void {
    const me = myId();
    const roles = new Map(data.changes.map((c) => [c.user_id, c.role]));
    const withRole = (m: GroupMemberView): GroupMemberView => {
      const role = roles.get(m.user_id);
      if (role === undefined) return m;
      return { ...m, role, mute_until: role === GroupRole.OWNER ? 0 : m.mute_until };
    };
    patchMembers(data.group_id, (members) => members.map(withRole));
    // the tags change at once; the order (owner, admins first) comes with the refetch
    memberPagesCache.patch(data.group_id, withRole);
    memberPagesCache.changed(data.group_id);
    const myRole = roles.get(me);
    patchGroup(data.group_id, (g) => ({
      owner_id: data.owner_id,
      ...(myRole !== undefined ? { role: myRole, mute_until: myRole === 1 ? 0 : g.mute_until } : {}),
    }));
    if (myRole !== undefined) {
      patchListItem(data.group_id, { role: myRole, owner_id: data.owner_id });
      refreshSoon(data.group_id);
    }
  },

  setNoSpeak(data: SetNoSpeakPush): void {
    const muted = (m: GroupMemberView) => (m.user_id === data.user_id ? { ...m, mute_until: data.mute_until } : m);
    patchMembers(data.group_id, (members) => members.map(muted));
    memberPagesCache.patch(data.group_id, muted);
    if (data.user_id === myId()) patchGroup(data.group_id, () => ({ mute_until: data.mute_until }));
  },

  addGroupUser(data: AddGroupUserPush): void {
    memberPagesCache.changed(data.group_id);
    patchGroup(data.group_id, countPatch(data.avatars, data.member_count));
    patchListItem(data.group_id, countPatch(data.avatars, data.member_count));
    const entry = useGroupsStore.getState().groups[data.group_id];
    if (entry?.group && entry.group.members_hidden === 0) {
      const known = new Set(entry.members.map((m) => m.user_id));
      const fresh: GroupMemberView[] = data.users
        .filter((u) => !known.has(u.user_id))
        .map((u) => ({ ...u, mute_until: 0, is_friend: 0, can_add_friend: 0 }));
      patchMembers(data.group_id, (members) => [...members, ...fresh]);
      refreshSoon(data.group_id);
    }
  },

  removeUser(data: RemoveUserPush): void {
    if (data.user_id === myId()) {
      const name = useGroupsStore.getState().groups[data.group_id]?.group?.name ?? '';
      markGone(data.group_id, data.left ? 'left' : 'removed', name);
      return;
    }
    patchMembers(data.group_id, (members) => members.filter((m) => m.user_id !== data.user_id));
    memberPagesCache.patch(data.group_id, (m) => (m.user_id === data.user_id ? null : m));
    patchGroup(data.group_id, countPatch(data.avatars, data.member_count));
    patchListItem(data.group_id, countPatch(data.avatars, data.member_count));
  },

  removeGroup(data: RemoveGroupPush): void {
    markGone(data.group_id, 'dissolved', data.name);
  },
};

// --- hooks --------------------------------------------------------------------------------------

/** The cache entry of a group, loading it the first time a screen asks. */
export function useGroupEntry(ref: number | string | null | undefined): GroupEntry | undefined {
  const groupId = toGroupId(ref);
  const entry = useGroupsStore((s) => (groupId ? s.groups[groupId] : undefined));
  // not cached, or a failed first load: (re)load when a screen asks
  const wanted = !entry || (entry.status === 'error' && !entry.group && !entry.gone);
  useEffect(() => {
    if (groupId && wanted) void loadGroup(groupId);
  }, [groupId, wanted]);
  return entry;
}

/** The live group name; '' until known. */
export function useGroupName(ref: number | string | null | undefined): string {
  const groupId = toGroupId(ref);
  const fromEntry = useGroupsStore((s) => (groupId ? s.groups[groupId]?.group?.name : undefined));
  const fromList = useGroupsStore((s) => (groupId ? s.list?.find((g) => g.group_id === groupId)?.name : undefined));
  return fromEntry ?? fromList ?? '';
}

export interface GroupSpeakState {
  verdict: SpeakVerdict;
  loaded: boolean;
  gone: GroupGone | null;
}

const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Re-renders when `until` (ms) passes (e.g. when a mute ends). */
export function useTickAt(until: number): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!until) return;
    const wait = until - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(wait + 50, LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
  }, [until]);
}

const SPEAK_OK: SpeakVerdict = { ok: true };

/** Whether I may send in a group now, and why not (see the header of this file). */
export function useGroupSpeakState(ref: number | string | null | undefined): GroupSpeakState {
  const entry = useGroupEntry(ref);
  const role = entry?.group?.role;
  const setting: GroupSetting | undefined = entry?.group?.setting;
  const muteUntil = entry?.group?.mute_until ?? 0;
  const gone = entry?.gone ?? null;
  useTickAt(muteUntil);
  const verdict = role !== undefined && setting ? canSpeakInGroup(role, setting, muteUntil) : SPEAK_OK;
  const reason = verdict.ok ? null : verdict.reason;
  const until = verdict.ok ? undefined : verdict.until;
  const loaded = role !== undefined;
  return useMemo(
    () => ({ verdict: reason ? { ok: false, reason, ...(until ? { until } : {}) } : SPEAK_OK, loaded, gone }),
    [reason, until, loaded, gone],
  );
}
