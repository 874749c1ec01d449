import { FRIEND_NICKNAME_MAX, FRIEND_REMARK_MAX } from '../../api/friends.ts';
import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

export const friendsErrors = errorTable({
  'friends.cannotAddSelf': { code: Code.BAD_REQUEST, text: 'You cannot add yourself as a friend.' },
  'friends.alreadyFriends': { code: Code.BAD_REQUEST, text: 'You are already friends.' },
  'friends.requestAnswered': { code: Code.BAD_REQUEST, text: 'This request was already answered.' },
  'friends.requestNotFound': { code: Code.NOT_FOUND, text: 'That friend request does not exist.' },
  'friends.requestNotYours': { code: Code.FORBIDDEN, text: 'Only the person a request was sent to can answer it.' },
  'friends.cannotRemoveSelf': { code: Code.BAD_REQUEST, text: 'You cannot remove yourself from your contacts.' },
  'friends.notInContacts': { code: Code.NOT_FOUND, text: 'This person is not in your contacts.' },
  'friends.groupForbids': {
    code: Code.FORBIDDEN,
    text: 'This group does not allow adding members as friends. Ask a group admin.',
  },
  /** success toasts (code 0) */
  'friends.nowFriends': { code: Code.OK, text: 'You are now friends.' },
  'friends.requestSent': { code: Code.OK, text: 'Friend request sent.' },
  'friends.requestRejected': { code: Code.OK, text: 'Request rejected.' },
  /** request bodies */
  'friends.groupId': { code: Code.BAD_REQUEST, text: 'group_id must be a group id' },
  'friends.chooseRequest': { code: Code.BAD_REQUEST, text: 'Choose a friend request' },
  'friends.remarkLong': {
    code: Code.BAD_REQUEST,
    text: 'A remark can be at most {{max}} characters',
    params: { max: FRIEND_REMARK_MAX },
  },
  'friends.remarkNameLong': {
    code: Code.BAD_REQUEST,
    text: 'A remark name can be at most {{max}} characters',
    params: { max: FRIEND_NICKNAME_MAX },
  },
  'friends.status': { code: Code.BAD_REQUEST, text: 'Answer with status 1 (agree) or 2 (reject)' },
  'friends.listType': { code: Code.BAD_REQUEST, text: "type is 'received', 'sent' or 'all'" },
});
