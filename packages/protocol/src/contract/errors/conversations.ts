import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

export const conversationsErrors = errorTable({
  'conversations.isGroupNotGroup': { code: Code.BAD_REQUEST, text: 'is_group is 1 but the contact is not a group.' },
  'conversations.isGroupUsePrefix': {
    code: Code.BAD_REQUEST,
    text: 'is_group is 1 but the contact is not a group: use "group-<n>".',
  },
  'conversations.toContactId': { code: Code.BAD_REQUEST, text: 'toContactId must be a user id, "group-<n>" or "system".' },
  'conversations.unknownContact': { code: Code.NOT_FOUND, text: 'That contact does not exist.' },
});
