/** Paths of the group pages (spec §2) that other pages open. */

export const GROUP_LIST_PATH = '/pages/contacts/group';

/** The group's chat; `name` shows as the title until the chat has loaded the group. */
export function groupChatPath(groupId: number, name = ''): string {
  return `/pages/message/chat?toContactId=group-${groupId}&is_group=1&name=${encodeURIComponent(name)}`;
}

export const groupInfoPath = (groupId: number) => `/pages/message/group/info?group_id=${groupId}`;

/** The info page as a join card for a scanned group code. */
export const groupJoinPath = (groupId: number, qrcode: string) =>
  `/pages/message/group/info?group_id=${groupId}&join=1&qrcode=${encodeURIComponent(qrcode)}`;

export const groupMembersPath = (groupId: number) => `/pages/message/group/groupUser?group_id=${groupId}`;

export const groupQrcodePath = (groupId: number) => `/pages/index/qrcode?group_id=${groupId}`;
