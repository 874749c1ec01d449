import type {
  GroupAvatarTile,
  GroupMemberView,
  GroupPermissions,
  GroupRoleValue,
  GroupSetting,
  GroupSummary,
} from '@parley/protocol';
import { api, type RequestOptions } from './client.ts';
import { Endpoint } from './endpoints.ts';

/**
 * Typed calls of `/enterprise/group/*` (docs/api/groups.md). Times are ms. Every call is silent:
 * the group pages show refusals in the user's language (`pages/message/group/groupCall.ts`).
 */

/** `groupInfo`'s group: the summary plus my own state in it. */
export interface GroupDetail extends GroupSummary {
  /** my mute end in ms, 0 when not muted */
  mute_until: number;
  is_top: 0 | 1;
  is_notice: 0 | 1;
  members_hidden: 0 | 1;
  permissions: GroupPermissions;
}

export interface GroupInfo {
  group: GroupDetail;
  /** the first 50 members ([] when hidden from me) */
  members: GroupMemberView[];
}

/** A row of `group/index` (my groups). */
export interface GroupListItem {
  id: string;
  group_id: number;
  name: string;
  displayName: string;
  avatar: string;
  avatars: GroupAvatarTile[];
  member_count: number | null;
  role: GroupRoleValue;
  owner_id: number;
  index: string;
}

export interface GroupQrcode {
  group_id: number;
  id: string;
  name: string;
  avatar: string;
  avatars: GroupAvatarTile[];
  /** draw this as the QR code */
  text: string;
  expires_at: number;
}

/** What the join card shows before joining (see `previewJoin`). */
export interface GroupJoinPreview {
  group_id: number;
  name: string;
  avatar: string;
  avatars: GroupAvatarTile[];
  member_count: number | null;
}

const silent: RequestOptions = { silent: true };

export function fetchMyGroups(options: RequestOptions = silent): Promise<GroupListItem[]> {
  return api.data<GroupListItem[]>(Endpoint.myGroups, {}, options);
}

export function fetchGroupInfo(groupId: number, options: RequestOptions = silent): Promise<GroupInfo> {
  return api.data<GroupInfo>(Endpoint.groupInfo, { group_id: groupId }, options);
}

export function fetchGroupMembers(groupId: number, options: RequestOptions = silent): Promise<GroupMemberView[]> {
  return api.data<GroupMemberView[]>(Endpoint.groupUserList, { group_id: groupId }, options);
}

/** A new group; without a name the server makes one from the members' names joined by `nameSep`. */
export function createGroup(userIds: number[], name?: string, nameSep?: string): Promise<GroupSummary> {
  return api.data<GroupSummary>(Endpoint.groupAdd, { user_ids: userIds, ...(name ? { name } : {}), ...(nameSep ? { name_sep: nameSep } : {}) }, silent);
}

export function renameGroup(groupId: number, displayName: string) {
  const body = { id: groupId, displayName };
  return api.data<{ group_id: number; displayName: string; name: string }>(Endpoint.groupEditName, body, silent);
}

export function setGroupNotice(groupId: number, notice: string) {
  const body = { id: groupId, notice };
  return api.data<{ group_id: number; notice: string; notice_at: number }>(Endpoint.groupSetNotice, body, silent);
}

export function setGroupSetting(groupId: number, setting: Partial<GroupSetting>) {
  return api.data<{ group_id: number; setting: GroupSetting }>(Endpoint.groupSetting, { id: groupId, setting }, silent);
}

export function changeGroupOwner(groupId: number, userId: number) {
  return api.data(Endpoint.groupChangeOwner, { id: groupId, user_id: userId }, silent);
}

export function setGroupManager(groupId: number, userId: number, role: 2 | 3) {
  return api.data(Endpoint.groupSetManager, { id: groupId, user_id: userId, role }, silent);
}

/** Mutes for `minutes` from now, or until an absolute time in ms; 0 unmutes. */
export function setMemberMute(groupId: number, userId: number, when: { minutes: number } | { until: number }) {
  const body = { id: groupId, user_id: userId, ...when };
  return api.data<{ group_id: number; user_id: number; mute_until: number }>(Endpoint.groupSetNoSpeak, body, silent);
}

export function addGroupMembers(groupId: number, userIds: number[]) {
  const body = { id: groupId, user_ids: userIds };
  return api.data<{ added: GroupAvatarTile[]; member_count: number }>(Endpoint.groupAddUser, body, silent);
}

/** Removes a member; my own id leaves the group. */
export function removeGroupMember(groupId: number, userId: number) {
  return api.data(Endpoint.groupRemoveUser, { id: groupId, user_id: userId }, silent);
}

export function dissolveGroup(groupId: number) {
  return api.data(Endpoint.groupRemove, { id: groupId }, silent);
}

export function clearGroupMessages(groupId: number, all: boolean, options: RequestOptions = silent) {
  const body = { id: groupId, all: all ? 1 : 0 };
  return api.data<{ cleared_msg_id: number; all: 0 | 1 }>(Endpoint.clearGroupMessage, body, options);
}

export function fetchGroupQrcode(groupId: number): Promise<GroupQrcode> {
  return api.data<GroupQrcode>(Endpoint.groupQrcode, { id: groupId }, silent);
}

/** Joins by a scanned code; refusals (expired, forged, invitations off) are thrown, not toasted. */
export function joinGroupByQrcode(qrcode: string): Promise<GroupSummary & { joined: 0 | 1 }> {
  return api.data<GroupSummary & { joined: 0 | 1 }>(Endpoint.groupJoin, { qrcode }, silent);
}

/**
 * What the scanner knows of a group code before joining (`/enterprise/im/scanQr`): the group id,
 * and its name and member count when the server tells them. Never throws: the join itself
 * (`joinGroup`) is the judge of the code.
 */
export async function previewJoin(qrcode: string): Promise<GroupJoinPreview | null> {
  try {
    const scanned = await api.data<Partial<GroupJoinPreview> & { kind?: string }>(Endpoint.scanQr, { text: qrcode }, silent);
    if (scanned?.kind !== 'group' || typeof scanned.group_id !== 'number') return null;
    return {
      group_id: scanned.group_id,
      name: scanned.name ?? '',
      avatar: scanned.avatar ?? '',
      avatars: scanned.avatars ?? [],
      member_count: scanned.member_count ?? null,
    };
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

interface GroupRef {
  group_id: number;
  /** contact id `group-<n>` */
  id: string;
}

/** `addGroup`: the chat-list row of a group I was added to. */
export interface AddGroupPush extends GroupRef {
  displayName: string;
  avatar: string;
  avatars: GroupAvatarTile[];
  owner_id: number;
  setting: GroupSetting;
  notice: string;
}

export interface EditGroupNamePush extends GroupRef {
  displayName: string;
  name: string;
}

export interface SetNoticePush extends GroupRef {
  notice: string;
  notice_at: number;
  /** Who wrote it. */
  by?: number;
}

export interface GroupSettingPush extends GroupRef {
  setting: GroupSetting;
}

/** setManager and changeOwner: every role that changed. */
export interface SetManagerPush extends GroupRef {
  owner_id: number;
  user_id: number;
  role: GroupRoleValue;
  changes: { user_id: number; role: GroupRoleValue }[];
}

export interface SetNoSpeakPush extends GroupRef {
  user_id: number;
  /** ms; 0 unmuted */
  mute_until: number;
}

export interface AddGroupUserPush extends GroupRef {
  users: (GroupAvatarTile & { role: GroupRoleValue })[];
  by: number;
  member_count: number;
  avatars: GroupAvatarTile[];
}

export interface RemoveUserPush extends GroupRef {
  user_id: number;
  by: number;
  /** 1 when they left by themselves */
  left: 0 | 1;
  member_count: number;
  avatars: GroupAvatarTile[];
}

export interface RemoveGroupPush extends GroupRef {
  by: number;
  name: string;
}
