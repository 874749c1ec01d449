import type { EndpointData, GroupMemberView, GroupSetting, GroupSummary, PushData, ScanResult } from '@parley/protocol';
import { api, type RequestOptions } from './client.ts';

/**
 * Typed calls of `/enterprise/group/*` (docs/api/groups.md). Times are ms. Every call is silent:
 * the group pages show refusals in the user's language (`pages/message/group/groupCall.ts`).
 */

export type GroupInfo = EndpointData<'groupInfo'>;

/** `groupInfo`'s group: the summary plus my own state in it. */
export type GroupDetail = GroupInfo['group'];

/** A row of `group/index` (my groups). */
export type GroupListItem = EndpointData<'myGroups'>[number];

export type GroupQrcode = EndpointData<'groupQrcode'>;

/** What the join card shows before joining (see `previewJoin`): the scanned group's id, name and count. */
export type GroupJoinPreview = Extract<ScanResult, { kind: 'group' }>;

const silent: RequestOptions = { silent: true };

export function fetchMyGroups(options: RequestOptions = silent): Promise<GroupListItem[]> {
  return api.call('myGroups', {}, options);
}

export function fetchGroupInfo(groupId: number, options: RequestOptions = silent): Promise<GroupInfo> {
  return api.call('groupInfo', { group_id: groupId }, options);
}

/** Every member at once: only for what needs them all (the invite picker leaves members out). */
export function fetchGroupMembers(groupId: number, options: RequestOptions = silent): Promise<GroupMemberView[]> {
  return api.call('groupUserList', { group_id: groupId }, options);
}

/** One page of a group's members (owner, admins, then by joining) and how many match in all. */
export interface GroupMemberPage {
  members: GroupMemberView[];
  total: number;
}

/** `limit` members from `offset`, only those whose name (or my remark for them) contains `keyword`. */
export async function fetchGroupMemberPage(
  groupId: number,
  page: { offset: number; limit: number; keyword?: string },
  options: RequestOptions = silent,
): Promise<GroupMemberPage> {
  const body = { group_id: groupId, offset: page.offset, limit: page.limit, ...(page.keyword ? { keyword: page.keyword } : {}) };
  const envelope = await api.envelope('groupUserList', body, options);
  return { members: envelope.data ?? [], total: Number(envelope.count ?? 0) };
}

/**
 * A new group; without a name the server makes one from the members' names joined by `nameSep`.
 * `clientId`: the same creation tried again (its answer lost) answers the group made.
 */
export function createGroup(userIds: number[], name?: string, nameSep?: string, clientId?: string): Promise<GroupSummary> {
  return api.call(
    'groupAdd',
    { user_ids: userIds, ...(name ? { name } : {}), ...(nameSep ? { name_sep: nameSep } : {}), ...(clientId ? { client_id: clientId } : {}) },
    silent,
  );
}

export function renameGroup(groupId: number, displayName: string) {
  const body = { id: groupId, displayName };
  return api.call('groupEditName', body, silent);
}

export function setGroupNotice(groupId: number, notice: string) {
  const body = { id: groupId, notice };
  return api.call('groupSetNotice', body, silent);
}

export function setGroupSetting(groupId: number, setting: Partial<GroupSetting>) {
  return api.call('groupSetting', { id: groupId, setting }, silent);
}

export function changeGroupOwner(groupId: number, userId: number) {
  return api.call('groupChangeOwner', { id: groupId, user_id: userId }, silent);
}

export function setGroupManager(groupId: number, userId: number, role: 2 | 3) {
  return api.call('groupSetManager', { id: groupId, user_id: userId, role }, silent);
}

/** Mutes for `minutes` from now, or until an absolute time in ms; 0 unmutes. */
export function setMemberMute(groupId: number, userId: number, when: { minutes: number } | { until: number }) {
  const body = { id: groupId, user_id: userId, ...when };
  return api.call('groupSetNoSpeak', body, silent);
}

export function addGroupMembers(groupId: number, userIds: number[]) {
  const body = { id: groupId, user_ids: userIds };
  return api.call('groupAddUser', body, silent);
}

/** Removes a member; my own id leaves the group. */
export function removeGroupMember(groupId: number, userId: number) {
  return api.call('groupRemoveUser', { id: groupId, user_id: userId }, silent);
}

export function dissolveGroup(groupId: number) {
  return api.call('groupRemove', { id: groupId }, silent);
}

export function clearGroupMessages(groupId: number, all: boolean, options: RequestOptions = silent) {
  return api.call('clearGroupMessage', { id: groupId, all: all ? 1 : 0 }, options);
}

export function fetchGroupQrcode(groupId: number): Promise<GroupQrcode> {
  return api.call('groupQrcode', { id: groupId }, silent);
}

/** Joins by a scanned code; refusals (expired, forged, invitations off) are thrown, not toasted. */
export function joinGroupByQrcode(qrcode: string): Promise<GroupSummary & { joined: 0 | 1 }> {
  return api.call('groupJoin', { qrcode }, silent);
}

/**
 * What the scanner knows of a group code before joining (`/enterprise/im/scanQr`): the group id,
 * and its name and member count when the server tells them. Never throws: the join itself
 * (`joinGroup`) is the judge of the code.
 */
export async function previewJoin(qrcode: string): Promise<GroupJoinPreview | null> {
  try {
    const scanned = await api.call('scanQr', { text: qrcode }, silent);
    return scanned.kind === 'group' ? scanned : null;
  } catch {
    return null;
  }
}

/** The group id inside a group QR text `parley://g/<id>?exp=…&sig=…`, or null for any other text. */
export function groupIdOfQrText(text: string): number | null {
  const match = /^parley:\/\/g\/([1-9]\d{0,9})\?/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

// ---------------------------------------------------------------------------------------------
// Push data (docs/api/groups.md, "Pushes")


/** `addGroup`: the chat-list row of a group I was added to. */
export type AddGroupPush = PushData<'addGroup'>;

export type EditGroupNamePush = PushData<'editGroupName'>;

export type SetNoticePush = PushData<'setNotice'>;

export type GroupSettingPush = PushData<'groupSetting'>;

/** setManager and changeOwner: every role that changed. */
export type SetManagerPush = PushData<'setManager'>;

export type SetNoSpeakPush = PushData<'setNoSpeak'>;

export type AddGroupUserPush = PushData<'addGroupUser'>;

export type RemoveUserPush = PushData<'removeUser'>;

export type RemoveGroupPush = PushData<'removeGroup'>;
