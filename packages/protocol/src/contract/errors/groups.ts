import { GROUP_MAX_MEMBERS_CEILING, GROUP_MUTE_MAX_DAYS, GROUP_NAME_MAX, GROUP_NOTICE_MAX } from '../../api/groups.ts';
import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

const only = (text: string) => ({ code: Code.FORBIDDEN, text });

export const groupsErrors = errorTable({
  'groups.notFound': { code: Code.NOT_FOUND, text: 'This group does not exist.' },
  'groups.dissolved': { code: Code.NOT_FOUND, text: 'This group has been dissolved.' },
  /** sending to a dissolved group */
  'groups.gone': only('This group has been dissolved.'),
  'groups.notMember': only('You are not a member of this group.'),
  'groups.targetNotMember': { code: Code.NOT_FOUND, text: 'That person is not in this group.' },
  'groups.renameDenied': only('Only the owner and admins can rename this group.'),
  'groups.noticeDenied': only('Only the owner and admins can edit the group notice.'),
  'groups.settingDenied': only('Only the owner and admins can change the group settings.'),
  'groups.ownerSetting': only('Only the group owner can change who manages the group or let only the owner speak.'),
  'groups.changeOwnerDenied': only('Only the group owner can transfer ownership.'),
  'groups.alreadyOwner': { code: Code.BAD_REQUEST, text: 'You already own this group.' },
  'groups.setManagerDenied': only('Only the group owner can set or remove admins.'),
  'groups.ownerRole': { code: Code.BAD_REQUEST, text: "The owner's role cannot be changed: transfer ownership instead." },
  'groups.inviteDenied': only('Only the owner and admins can invite people to this group.'),
  'groups.moderateMember': only('Only the owner and admins can do that.'),
  'groups.adminLimit': only('Admins can only mute or remove plain members. Ask the group owner.'),
  'groups.ownerImmune': only('The group owner cannot be muted or removed.'),
  'groups.muteSelf': { code: Code.BAD_REQUEST, text: 'You cannot mute yourself.' },
  'groups.muteFuture': { code: Code.BAD_REQUEST, text: 'Pick a time in the future, or 0 to unmute.' },
  'groups.ownerLeave': { code: Code.BAD_REQUEST, text: 'Transfer ownership before leaving, or dissolve the group' },
  'groups.dissolveDenied': only('Only the group owner can dissolve the group.'),
  'groups.clearAllDenied': only('Only the group owner can clear the history for everyone.'),
  'groups.membersHidden': only('The group owner has hidden the member list of this group.'),
  'groups.qrInviteDenied': only(
    'Invitations are turned off in this group: only the owner and admins can share its QR code.',
  ),
  'groups.joinInviteDenied': only('Invitations are turned off in this group: ask the owner or an admin to add you.'),
  'groups.qrExpired': { code: Code.BAD_REQUEST, text: 'This group QR code has expired' },
  'groups.qrNotGroup': { code: Code.BAD_REQUEST, text: 'This is not a group QR code' },
  'groups.pickOther': { code: Code.BAD_REQUEST, text: 'Pick at least one other person.' },
  'groups.userMissing': { code: Code.NOT_FOUND, text: 'User {{id}} does not exist.' },
  'groups.notFriend': {
    code: Code.BAD_REQUEST,
    text: 'You can only add your friends to a group: {{name}} is not your friend.',
  },
  /** success toast (code 0): nobody new to add */
  'groups.alreadyIn': { code: Code.OK, text: 'Everyone you picked is already in this group.' },
  /** request bodies */
  'groups.nameEmpty': { code: Code.BAD_REQUEST, text: 'Group name cannot be empty' },
  'groups.nameLong': {
    code: Code.BAD_REQUEST,
    text: 'A group name can be at most {{max}} characters',
    params: { max: GROUP_NAME_MAX },
  },
  'groups.noticeLong': {
    code: Code.BAD_REQUEST,
    text: 'A group notice can be at most {{max}} characters',
    params: { max: GROUP_NOTICE_MAX },
  },
  'groups.noticeText': { code: Code.BAD_REQUEST, text: 'notice must be text' },
  'groups.groupId': { code: Code.BAD_REQUEST, text: 'Say which group: id must be a group id (a number or "group-<n>")' },
  'groups.userId': { code: Code.BAD_REQUEST, text: 'user_id must be a user id (a number)' },
  'groups.userIds': { code: Code.BAD_REQUEST, text: 'user_ids must be a list of user ids (numbers)' },
  'groups.pickOne': { code: Code.BAD_REQUEST, text: 'Pick at least one person' },
  'groups.tooMany': {
    code: Code.BAD_REQUEST,
    text: 'A group can have at most {{max}} members',
    // the server names its setting's value; a request naming more than anyone may set is refused by the schema
    params: { max: GROUP_MAX_MEMBERS_CEILING },
  },
  'groups.muteLong': {
    code: Code.BAD_REQUEST,
    text: 'A mute can last at most {{days}} days',
    params: { days: GROUP_MUTE_MAX_DAYS },
  },
  'groups.muteWhen': { code: Code.BAD_REQUEST, text: 'Say how long: until (a time in ms, 0 to unmute) or minutes' },
  'groups.settingEmpty': { code: Code.BAD_REQUEST, text: 'Nothing to change: give at least one setting' },
  'groups.scanQr': { code: Code.BAD_REQUEST, text: 'Scan a group QR code first' },
  'groups.roleValue': { code: Code.BAD_REQUEST, text: 'role must be 2 (admin) or 3 (member)' },
  'groups.clientIdRequired': { code: Code.BAD_REQUEST, text: 'client_id is required' },
});
