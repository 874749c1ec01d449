import {
  addGroupPushSchema,
  addGroupUserPushSchema,
  clearGroupMessagePushSchema,
  editGroupNamePushSchema,
  groupSettingPushSchema,
  removeGroupPushSchema,
  removeUserPushSchema,
  setManagerPushSchema,
  setNoSpeakPushSchema,
  setNoticePushSchema,
} from '../../api/groups.ts';

export const groupsPushes = {
  /** I was added to a group: its chat-list row */
  addGroup: addGroupPushSchema,
  /** roles changed (setManager, changeOwner) */
  setManager: setManagerPushSchema,
  /** people joined a group I am in */
  addGroupUser: addGroupUserPushSchema,
  /** a member left or was removed (the removed member hears it too) */
  removeUser: removeUserPushSchema,
  editGroupName: editGroupNamePushSchema,
  /** the group was dissolved */
  removeGroup: removeGroupPushSchema,
  setNotice: setNoticePushSchema,
  groupSetting: groupSettingPushSchema,
  /** a member's mute changed */
  setNoSpeak: setNoSpeakPushSchema,
  /** group history cleared (for me, or for everyone) */
  clearMessage: clearGroupMessagePushSchema,
};
