/**
 * The authorization matrix's fixture bodies (issue 9): for every endpoint, what a stranger sends
 * to act on someone else's resource, and what a plain group member sends where a role is needed.
 * The matrix test (`http/authz-matrix.test.ts`) runs every endpoint of the table × (no token,
 * bad token, stranger, plain member) and fails when an endpoint has no entry here: a new domain
 * adds its own entries.
 *
 * An entry says, per cell, either the body to send (the call must be refused) or why the cell
 * does not apply (`open: reason`): the endpoint acts only on the caller's own data, or is open
 * to everyone by the spec.
 */

/** The world the bodies point into (built by the matrix test). */
export interface MatrixWorld {
  /** owner of the group, friend of `member` */
  owner: number;
  /** group admin */
  admin: number;
  /** plain member of the group */
  member: number;
  /** a user who is nobody's friend and in no group */
  stranger: number;
  groupId: number;
  /** a private message between owner and member */
  privateMsgId: number;
  /** a message of the owner in the group */
  groupMsgId: number;
  /** a friend request to `member`, still waiting */
  requestToMember: number;
  /** the owner's session (device) id */
  ownerSessionId: number;
  /** the client id of a socket bound to the owner */
  ownerClientId: string;
}

type Body = (w: MatrixWorld) => Record<string, unknown>;
export type Cell = Body | { open: string };

export interface MatrixEntry {
  /** calls by a signed-in user who has no part in the resource */
  stranger: Cell;
  /**
   * calls by a plain member of the group: required wherever the table's role names the owner or
   * an admin (`{open: reason}` when a plain member may, as with a switch that is on by default)
   */
  member?: Cell;
}

const own = (what = 'acts on the caller’s own data only'): { open: string } => ({ open: what });
const isPublic = { stranger: own('public endpoint') };
const g = (w: MatrixWorld) => ({ group_id: w.groupId });

/** Keyed by path (as the table has it); matched case-insensitively. */
export const authzMatrix: Record<string, MatrixEntry> = {
  // system / auth
  '/common/pub/register': isPublic,
  '/common/pub/login': isPublic,
  '/common/pub/getSystemInfo': isPublic,
  '/common/pub/checkVersion': isPublic,
  '/common/pub/sendCode': isPublic,
  '/common/pub/logout': { stranger: own() },
  '/common/pub/bindUid': { stranger: (w) => ({ client_id: w.ownerClientId }) },

  // friends
  '/enterprise/friend/add': {
    stranger: own('asking anyone to be a friend is open to everyone'),
    member: own('through a group: the addFriend switch, on by default'),
  },
  '/enterprise/friend/index': { stranger: own() },
  '/enterprise/friend/update': { stranger: (w) => ({ friend_id: w.requestToMember, status: 1 }) },
  '/enterprise/friend/del': { stranger: own('removes a friend from the caller’s own list') },
  '/enterprise/friend/setNickname': { stranger: own('a remark in the caller’s own list') },
  '/enterprise/friend/list': { stranger: own() },

  // users
  '/enterprise/im/getUserInfo': { stranger: own('a public profile, as a search shows it') },
  '/enterprise/im/getContactInfo': { stranger: (w) => ({ id: `group-${w.groupId}` }) },
  '/enterprise/im/searchUser': { stranger: own('search by exact account is open to everyone') },
  '/enterprise/im/updateUserInfo': { stranger: own() },
  '/enterprise/im/verifyEmail': { stranger: own() },
  '/enterprise/im/editAccount': { stranger: own() },
  '/enterprise/im/editPassword': { stranger: own() },
  '/enterprise/im/deviceList': { stranger: own() },
  '/enterprise/im/signOutDevice': { stranger: (w) => ({ id: w.ownerSessionId }) },
  '/enterprise/im/myQrcode': { stranger: own() },
  '/enterprise/im/scanQr': { stranger: own('reading a code is open; joining through it is checked by joinGroup') },

  // groups
  '/enterprise/group/add': { stranger: (w) => ({ name: 'Mine', user_ids: [w.owner, w.member] }) },
  '/enterprise/group/index': { stranger: own() },
  '/enterprise/group/groupInfo': { stranger: g },
  '/enterprise/group/groupUserList': { stranger: g, member: own('members see the list while hideMembers is off (the default)') },
  '/enterprise/group/editGroupName': {
    stranger: (w) => ({ ...g(w), displayName: 'Taken' }),
    member: (w) => ({ ...g(w), displayName: 'Taken' }),
  },
  '/enterprise/group/setNotice': {
    stranger: (w) => ({ ...g(w), notice: 'Taken' }),
    member: (w) => ({ ...g(w), notice: 'Taken' }),
  },
  '/enterprise/group/groupSetting': {
    stranger: (w) => ({ ...g(w), setting: { invite: 0 } }),
    member: (w) => ({ ...g(w), setting: { invite: 0 } }),
  },
  '/enterprise/group/changeOwner': {
    stranger: (w) => ({ ...g(w), user_id: w.member }),
    member: (w) => ({ ...g(w), user_id: w.member }),
  },
  '/enterprise/group/setManager': {
    stranger: (w) => ({ ...g(w), user_id: w.member, role: 2 }),
    member: (w) => ({ ...g(w), user_id: w.member, role: 2 }),
  },
  '/enterprise/group/setNoSpeak': {
    stranger: (w) => ({ ...g(w), user_id: w.admin, minutes: 10 }),
    member: (w) => ({ ...g(w), user_id: w.admin, minutes: 10 }),
  },
  '/enterprise/group/addGroupUser': {
    stranger: (w) => ({ ...g(w), user_ids: [w.stranger] }),
    member: own('members may invite while the invite switch is on (the default)'),
  },
  '/enterprise/group/removeUser': {
    stranger: (w) => ({ ...g(w), user_id: w.admin }),
    member: (w) => ({ ...g(w), user_id: w.admin }),
  },
  '/enterprise/group/removeGroup': { stranger: g, member: g },
  '/enterprise/group/clearMessage': { stranger: (w) => ({ ...g(w), all: 1 }), member: (w) => ({ ...g(w), all: 1 }) },
  '/enterprise/group/getAllUser': { stranger: g },
  '/enterprise/group/groupQrcode': { stranger: g, member: own('members may invite while the invite switch is on (the default)') },
  '/enterprise/group/resetQrcode': { stranger: g, member: g },
  '/enterprise/group/joinGroup': { stranger: g, member: own('a member is in the group already') },
  '/common/pub/bindGroup': { stranger: (w) => ({ client_id: w.ownerClientId, group_id: w.groupId }) },
  '/common/index/bindGroup': { stranger: (w) => ({ client_id: w.ownerClientId, group_id: w.groupId }) },

  // conversations and messages
  '/enterprise/im/getContacts': { stranger: own() },
  '/enterprise/im/setMsgIsRead': { stranger: (w) => ({ toContactId: `group-${w.groupId}`, is_group: 1 }) },
  '/enterprise/im/readAtMsg': { stranger: (w) => ({ toContactId: `group-${w.groupId}` }) },
  '/enterprise/im/setChatTop': { stranger: (w) => ({ id: `group-${w.groupId}`, is_top: 1 }) },
  '/enterprise/im/isNotice': { stranger: (w) => ({ id: `group-${w.groupId}`, is_notice: 0 }) },
  '/enterprise/im/delChat': { stranger: (w) => ({ id: `group-${w.groupId}` }) },
  '/enterprise/im/clearMessage': { stranger: (w) => ({ toContactId: `group-${w.groupId}` }) },
  '/enterprise/im/sendMessage': {
    stranger: (w) => ({ id: 'c0ffee00-0000-4000-8000-000000000001', toContactId: `group-${w.groupId}`, type: 'text', content: 'hi', is_group: 1 }),
  },
  '/enterprise/im/getMessageList': { stranger: (w) => ({ toContactId: `group-${w.groupId}`, is_group: 1 }) },
  '/enterprise/im/undoMessage': { stranger: (w) => ({ id: w.groupMsgId }), member: (w) => ({ id: w.groupMsgId }) },
  '/enterprise/im/delMessage': { stranger: (w) => ({ id: w.privateMsgId }) },
  '/enterprise/im/forwardMessage': { stranger: (w) => ({ msg_id: w.privateMsgId, user_ids: [w.stranger] }) },
  '/enterprise/im/searchMessages': { stranger: own() },
  '/enterprise/im/getAdminNotice': { stranger: own() },
  // calls: a stranger may not ring someone who is not their friend (calls.test.ts covers signalling into a call)
  '/enterprise/im/sendToMsg': {
    stranger: (w) => ({ toContactId: w.owner, event: 'call', code: 901, type: 'voice', id: 'c0ffee00-0000-4000-8000-0000000000c1' }),
  },
  '/enterprise/im/getCallConfig': { stranger: own('the caller’s own ICE servers and ring time') },

  // wallet: every call acts on the caller's own wallet
  '/enterprise/wallet/open': { stranger: own() },
  '/enterprise/wallet/info': { stranger: own() },
  '/enterprise/wallet/setPayPassword': { stranger: own(), member: own('“owner” is the wallet’s: no group role') },
  '/enterprise/wallet/recharge': { stranger: own() },
  '/enterprise/wallet/withdraw': { stranger: own(), member: own('“owner” is the wallet’s: no group role') },
  '/enterprise/wallet/requests': { stranger: own() },
  '/enterprise/im/getUserPriceLog': { stranger: own('the caller’s own bill') },
  // red packets (modules/redpackets/redpackets.test.ts proves non-members, strangers and wrong recipients are refused)
  '/enterprise/im/sendRedPacket': {
    stranger: (w) => ({
      id: 'c0ffee00-0000-4000-8000-0000000000r1',
      toContactId: `group-${w.groupId}`,
      is_group: 1,
      kind: 'fixed',
      amount: '0.01',
      count: 1,
      password: '000000',
    }),
  },
  '/enterprise/im/getRedPacket': { stranger: (w) => ({ msg_id: w.groupMsgId }) },
  '/enterprise/im/openRedPacket': { stranger: (w) => ({ msg_id: w.groupMsgId }) },
  '/enterprise/im/RedPacketLog': { stranger: own('the caller’s own received and sent packets') },

  // uploads (multipart)
  '/common/upload/uploadFile': { stranger: own('stores a file of the caller’s own') },
  '/common/upload/uploadAvatar': { stranger: own() },
  '/common/upload/uploadEmoji': { stranger: own() },

  // translate (modules/translate/translate.test.ts also proves a stranger is refused with engines on)
  '/enterprise/im/translateMessage': { stranger: (w) => ({ msg_id: w.privateMsgId, lang: 'en' }) },
  '/enterprise/im/transcribeVoice': { stranger: (w) => ({ msg_id: w.privateMsgId }) },

  // work (records: modules/work/work.test.ts proves a stranger cannot read or change one)
  '/enterprise/Im/getGood': { stranger: own('the company’s goods are for every colleague') },
  '/enterprise/Im/getGoodPhb': { stranger: own('the company’s ranking is for every colleague') },
  '/enterprise/crm/form': { stranger: own('form definitions are for every colleague') },
  '/enterprise/crm/list': { stranger: own('lists only records the caller created or shares in') },
  '/enterprise/crm/detail': { stranger: () => ({ id: 1 }) },
  '/enterprise/crm/save': { stranger: () => ({ type: 'customer', id: 1, values: { name: 'x' } }) },
  // docs (modules/docs/docs.test.ts proves a missing token is refused)
  '/enterprise/doc/index': { stranger: own('help articles are for every signed-in user') },
  '/enterprise/doc/detail': { stranger: own('help articles are for every signed-in user') },
  // moments (modules/moments/moments.test.ts proves a non-friend cannot see, like or comment on a real post)
  '/enterprise/moments/index': { stranger: own('the caller’s own feed') },
  '/enterprise/moments/post': { stranger: own('posts as the caller') },
  '/enterprise/moments/del': { stranger: () => ({ id: 1 }) },
  '/enterprise/moments/like': { stranger: () => ({ id: 1, like: 1 }) },
  '/enterprise/moments/comment': { stranger: () => ({ id: 1, text: 'hi' }) },
  '/enterprise/moments/delComment': { stranger: () => ({ comment_id: 1 }) },
  '/enterprise/moments/notices': { stranger: own('the caller’s own notices') },
  '/enterprise/moments/readNotices': { stranger: own('the caller’s own notices') },
  '/enterprise/moments/setCover': { stranger: (w) => ({ file_id: w.privateMsgId }) },
  // favorites and stickers (modules/favorites/favorites.test.ts proves another user's are refused)
  '/collect/Favorite/GetFavoriteList': { stranger: own('the caller’s own favorites') },
  '/collect/Favorite/AddFavorite': { stranger: (w) => ({ msg_id: w.privateMsgId }) },
  '/collect/Favorite/DeleteFavorites': { stranger: () => ({ ids: [1] }) },
  '/collect/Favorite/SendFavorite': { stranger: (w) => ({ id: 1, user_ids: [w.owner] }) },
  '/enterprise/emoji/index': { stranger: own('the caller’s own stickers') },
  '/enterprise/emoji/add': { stranger: () => ({ file_id: 1 }) },
  '/enterprise/emoji/del': { stranger: () => ({ ids: [1] }) },
  '/enterprise/emoji/move': { stranger: () => ({ id: 1 }) },
  // web push (modules/webpush/webpush.test.ts proves another user's subscription cannot be removed)
  '/enterprise/push/key': { stranger: own('the server’s public key, the same for everyone') },
  '/enterprise/push/subscribe': { stranger: own('subscribes the caller’s own browser') },
  '/enterprise/push/unsubscribe': { stranger: () => ({ endpoint: 'https://push.example/someone-else' }) },
  '/enterprise/push/settings': { stranger: own('the caller’s own settings') },
  '/enterprise/push/setPreview': { stranger: own('the caller’s own settings') },
};

export function matrixEntryFor(path: string): MatrixEntry | undefined {
  const key = Object.keys(authzMatrix).find((k) => k.toLowerCase() === path.toLowerCase());
  return key ? authzMatrix[key] : undefined;
}
