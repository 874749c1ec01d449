import { CHAT_ROUTE, groupContactId, SYSTEM_CONTACT_ID } from '@parley/protocol';

/**
 * Every route path of spec §2 and the builders of their links: the one place a `/pages/…` path is
 * written. Pure data (no React, no router), so the socket and API layers may read it too.
 */
export const Paths = {
  home: '/',
  homeIndex: '/pages/index/index',
  contacts: '/pages/contacts/index',
  login: '/pages/login/index',
  register: '/pages/login/register',
  chat: CHAT_ROUTE,
  emoji: '/pages/message/emoji',
  chatDetail: '/pages/message/detail',
  record: '/pages/message/record',
  call: '/pages/message/call',
  video: '/pages/message/video',
  redPacket: '/pages/message/redPacket',
  redPacketLog: '/pages/message/redPacketLog',
  redPacketDetail: '/pages/message/redPacketDetail',
  groupMembers: '/pages/message/group/groupUser',
  groupInfo: '/pages/message/group/info',
  contactDetail: '/pages/contacts/detail',
  newFriends: '/pages/contacts/friend',
  userSearch: '/pages/contacts/search',
  groupList: '/pages/contacts/group',
  userSelection: '/pages/index/userSelection',
  qrcode: '/pages/index/qrcode',
  search: '/pages/index/search',
  scan: '/pages/index/scan',
  wallet: '/pages/mine/wallet',
  bill: '/pages/mine/bill',
  purse: '/pages/mine/purse',
  profile: '/pages/mine/profile',
  secure: '/pages/mine/secure',
  about: '/pages/mine/about',
  setting: '/pages/mine/setting',
  doc: '/pages/mine/doc',
  language: '/pages/mine/i18n/i18n',
  webview: '/pages/mine/webview',
  moments: '/pages/compass/moments',
  golist: '/pages/golist/golist',
  goinfo: '/pages/goinfo/goinfo',
  favorites: '/extend/favorites/index',
  work: '/pages/work/index',
  workList: '/pages/work/list',
  workRecord: '/pages/work/record',
} as const;

export type RoutePath = (typeof Paths)[keyof typeof Paths];

const withQuery = (path: RoutePath, query: Record<string, string | number>): string =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

/** Links with their query: `PathTo.groupInfo(7)` → `/pages/message/group/info?group_id=7`. */
export const PathTo = {
  contactDetail: (userId: number | string) => withQuery(Paths.contactDetail, { user_id: userId }),
  /** A chat; `name` shows as the title until the chat has loaded; `msg_id` scrolls to a message. */
  chat: (toContactId: number | string, isGroup: boolean, extra: { name?: string; msg_id?: number } = {}) =>
    withQuery(Paths.chat, { toContactId, is_group: isGroup ? 1 : 0, ...extra }),
  privateChat: (userId: number | string) => withQuery(Paths.chat, { toContactId: userId, is_group: 0 }),
  /** The chat with oneself ("file transfer"): the private chat whose contact id is my own user id. */
  fileTransfer: (myUserId: number | string) => PathTo.privateChat(myUserId),
  groupChat: (groupId: number, name = '') => withQuery(Paths.chat, { toContactId: groupContactId(groupId), is_group: 1, name }),
  systemChat: () => withQuery(Paths.chat, { toContactId: SYSTEM_CONTACT_ID }),
  chatDetail: (toContactId: string, isGroup: boolean) => withQuery(Paths.chatDetail, { toContactId, is_group: isGroup ? 1 : 0 }),
  record: (toContactId: string, isGroup: boolean, name: string) => withQuery(Paths.record, { toContactId, is_group: isGroup ? 1 : 0, name }),
  groupInfo: (groupId: number) => withQuery(Paths.groupInfo, { group_id: groupId }),
  /** The info page as a join card for a scanned group code. */
  groupJoin: (groupId: number, qrcode: string) => withQuery(Paths.groupInfo, { group_id: groupId, join: 1, qrcode }),
  groupMembers: (groupId: number) => withQuery(Paths.groupMembers, { group_id: groupId }),
  groupQrcode: (groupId: number) => withQuery(Paths.qrcode, { group_id: groupId }),
  video: (url: string, name: string) => withQuery(Paths.video, { url, name }),
  webview: (url: string) => withQuery(Paths.webview, { url }),
  redPacket: (toContactId: string, isGroup: boolean) => withQuery(Paths.redPacket, { toContactId, is_group: isGroup ? 1 : 0 }),
  redPacketDetail: (msgId: number) => withQuery(Paths.redPacketDetail, { msg_id: msgId }),
} as const;

/** A location hash (`#/pages/x?a=1`) as its path and query. */
export function routeOf(hash: string): { path: string; query: URLSearchParams } {
  const [path = '', search = ''] = hash.replace(/^#/, '').split('?');
  return { path, query: new URLSearchParams(search) };
}
