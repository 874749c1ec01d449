import { ValidationMsg } from '@parley/protocol';
import type { TranslationTree } from './resources.ts';

/**
 * The server answers refusals (and some successes) with a readable English `msg`. This table maps each
 * text the server can send to an i18n key of the `server` namespace, so the web shows it in the user's
 * language. Exact texts first; texts with a variable part (a number, a name, a time) are matched by a
 * pattern whose named groups become the interpolation values. Unknown texts stay as they came.
 * `serverMessages.test.ts` reads the server and protocol sources and fails on any text not covered here.
 */

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type PluralBase<K> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
export type ServerMessageKey = PluralBase<keyof TranslationTree['server']>;
export type MessageKey = `server.${ServerMessageKey}` | `validation.${keyof typeof ValidationMsg}`;
export type MessageValues = Record<string, string | number>;

export interface MessageMatch {
  key: MessageKey;
  values?: MessageValues;
}

interface MessagePattern {
  pattern: RegExp;
  key: MessageKey;
  /** turns the named groups into interpolation values; default: the groups as they are */
  values?: (groups: Record<string, string>) => MessageValues;
}

/** The protocol's validation messages keep their own namespace (the web's forms show them too). */
const validationEntries = (Object.entries(ValidationMsg) as [keyof typeof ValidationMsg, string][]).map(
  ([key, text]) => [text, `validation.${key}`] as const,
);

/** Exact server texts. Several texts may share a key (the same refusal worded twice). */
export const EXACT_SERVER_MESSAGES: readonly (readonly [string, MessageKey])[] = [
  ...validationEntries,
  ['Wrong account or password.', 'server.wrongPassword'],
  ['That account is already taken. Choose another.', 'server.accountTaken'],
  ['An account may use letters, digits and _ . @ - only.', 'server.accountChars'],
  ['Registration is closed. Ask the administrator for an account.', 'server.registrationClosed'],
  ['This account is disabled. Contact the administrator.', 'server.accountDisabled'],
  ['Your account no longer exists.', 'server.accountGone'],
  ['Your account signed in on another device.', 'server.signedInElsewhere'],
  ['That connection is gone. Reconnect and try again.', 'server.connectionGone'],
  ['Your session has ended. Please log in again.', 'server.sessionEnded'],
  ['Sign in first: the Authorization header is missing or malformed.', 'server.signInHeader'],
  ['Sign in first: send the Authorization header or open a signed link.', 'server.signInLink'],
  ['A code was sent less than a minute ago. Wait a moment before asking again.', 'server.codeTooSoon'],
  ['A call id is 8–64 letters, digits, "-" or "_" (a UUID).', 'server.callId'],
  ['A call step needs its code (901–907).', 'server.callCode'],
  ['Starting a call needs its type: voice or video.', 'server.callType'],
  ['An offer or answer needs its sdp.', 'server.callSdp'],
  ['An ice step needs its candidate.', 'server.callCandidate'],
  ['That user does not exist.', 'server.userNotFound'],
  ['This user no longer exists.', 'server.userGone'],
  ['This is a group: ask /enterprise/group/groupInfo for it.', 'server.groupNotUser'],
  ['The system notifications contact has no profile.', 'server.systemNoProfile'],
  ['Your e-mail address is verified. To change it, verify the new address with a code.', 'server.emailVerifiedChange'],
  ['That code is wrong or has expired. Ask for a new code.', 'server.codeWrong'],
  ['This e-mail address is already verified by another account.', 'server.emailTaken'],
  ['That code was already used. Ask for a new code.', 'server.codeUsed'],
  ['Your current password is wrong.', 'server.currentPasswordWrong'],
  ['Your password was changed. Sign in again.', 'server.passwordChangedSignIn'],
  ['That device is not signed in to your account.', 'server.deviceNotSignedIn'],
  ['This device was signed out from another device.', 'server.signedOutByOther'],
  ['This group no longer exists.', 'server.groupGoneQr'],
  ['Saved.', 'server.saved'],
  ['Your e-mail address is verified.', 'server.emailVerified'],
  ['Account changed.', 'server.accountChanged'],
  ['Password changed. Your other devices were signed out.', 'server.passwordChanged'],
  ['The device was signed out.', 'server.deviceSignedOut'],
  ['Choose a user', 'server.chooseUser'],
  ['Choose a contact', 'server.chooseContact'],
  ["Gender is 'male', 'female' or 'unknown'", 'server.gender'],
  ['Enter a valid e-mail address', 'server.email'],
  ['Enter the 6-digit code from the e-mail', 'server.emailCode'],
  ['Enter your current password', 'server.oldPassword'],
  ['Choose a signed-in device', 'server.chooseDevice'],
  ['This QR code is not valid', 'server.qrInvalid'],
  ['This QR code has expired', 'server.qrExpired'],
  ['You cannot add yourself as a friend.', 'server.cannotAddSelf'],
  ['You are already friends.', 'server.alreadyFriends'],
  ['You are now friends.', 'server.nowFriends'],
  ['Friend request sent.', 'server.requestSent'],
  ['Request rejected.', 'server.requestRejected'],
  ['This request was already answered.', 'server.requestAnswered'],
  ['That friend request does not exist.', 'server.requestNotFound'],
  ['Only the person a request was sent to can answer it.', 'server.requestNotYours'],
  ['You cannot remove yourself from your contacts.', 'server.cannotRemoveSelf'],
  ['This person is not in your contacts.', 'server.notInContacts'],
  ['group_id must be a group id', 'server.friendGroupId'],
  ['This group does not allow adding members as friends. Ask a group admin.', 'server.groupForbidsFriends'],
  ['Choose a friend request', 'server.chooseRequest'],
  ['Answer with status 1 (agree) or 2 (reject)', 'server.friendStatus'],
  ["type is 'received', 'sent' or 'all'", 'server.friendListType'],
  ['is_group is 1 but the contact is not a group.', 'server.isGroupNotGroup'],
  ['is_group is 1 but the contact is not a group: use "group-<n>".', 'server.isGroupUsePrefix'],
  ['toContactId must be a user id, "group-<n>" or "system".', 'server.toContactId'],
  ['That file does not exist.', 'server.fileNotFound'],
  ['Send one file per request.', 'server.oneFile'],
  ['The form has too many fields.', 'server.tooManyFields'],
  ['The upload is not a valid multipart form. Send the file in a field named "file".', 'server.uploadMalformed'],
  ['Choose a file to upload: the form has no "file" field.', 'server.noFileField'],
  ['The file is empty.', 'server.fileEmpty'],
  ['Choose a JPEG, PNG, WebP or GIF image for your avatar.', 'server.avatarImage'],
  ['Choose a JPEG, PNG, WebP or GIF image for the emoji.', 'server.emojiImage'],
  ['Send the file as multipart/form-data in a field named "file".', 'server.notMultipart'],
  ['This link is not valid. Open the file from the chat again.', 'server.linkInvalid'],
  ['This link has expired. Open the file from the chat again.', 'server.linkExpired'],
  ['You do not have access to this file.', 'server.fileNoAccess'],
  ['That file is no longer stored on the server.', 'server.fileNotStored'],
  ['The requested range is outside the file.', 'server.rangeOutside'],
  ['Private chat has been disabled by the system', 'server.privateChatDisabled'],
  ['The recording is too short', 'server.recordingTooShort'],
  ['The recording is too long.', 'server.recordingTooLong'],
  ['You can only send messages to your friends. Add this person as a friend first.', 'server.notFriends'],
  ['That contact does not exist.', 'server.unknownContact'],
  ['System notifications cannot be answered.', 'server.systemContact'],
  ['Type a message before sending.', 'server.textEmpty'],
  ['A text message needs its text in content.', 'server.textNeeded'],
  ['This message type needs a file: upload it first and send its file_id.', 'server.fileNeeded'],
  ['The uploaded file does not match the message type.', 'server.fileKind'],
  ['Send the duration in seconds as extends.duration.', 'server.durationNeeded'],
  ['A location needs lat (-90..90) and lng (-180..180); name and address are optional text.', 'server.location'],
  ['A card needs {kind: "user" | "group", id} of an existing user or group.', 'server.card'],
  ['System and event messages are made by the server only.', 'server.serverOnly'],
  ['Calls are started through /enterprise/im/sendToMsg, not sendMessage.', 'server.webrtc'],
  ['Red packets are sent from the red packet page, not sendMessage.', 'server.redPacket'],
  ['That message does not exist or you cannot see it.', 'server.messageNotFound'],
  ['You can only recall your own messages.', 'server.recallOthers'],
  ['Messages can only be recalled within 2 minutes of sending.', 'server.recallWindow'],
  ['Admins cannot recall messages of the owner or of other admins.', 'server.recallAdmin'],
  ['This message cannot be recalled.', 'server.recallKind'],
  ['Recalled messages, system notices and events cannot be forwarded.', 'server.forwardKind'],
  ['Choose at least one message to forward.', 'server.forwardNothing'],
  ['Only the group owner and admins can mention everyone.', 'server.atEveryone'],
  ['The group is muted: only the owner and admins can send messages.', 'server.muteAll'],
  ['Only the group owner can send messages in this group.', 'server.ownerOnly'],
  ['id must be a msg_id or the client id of a message', 'server.messageRef'],
  ['msg_id must be a number', 'server.msgIdNumber'],
  ['id (the client message id, a UUID) is required', 'server.clientIdRequired'],
  ['id must be 1-64 letters, digits, "-" or "_" (use a UUID)', 'server.clientIdFormat'],
  ['Type something to search for', 'server.searchEmpty'],
  ['This group does not exist.', 'server.groupNotFound'],
  ['This group has been dissolved.', 'server.groupDissolved'],
  ['You are not a member of this group.', 'server.notMember'],
  ['That person is not in this group.', 'server.targetNotMember'],
  ['Only the owner and admins can rename this group.', 'server.renameDenied'],
  ['Only the owner and admins can edit the group notice.', 'server.noticeDenied'],
  ['Only the owner and admins can change the group settings.', 'server.settingDenied'],
  ['Only the group owner can change who manages the group or let only the owner speak.', 'server.ownerSetting'],
  ['Only the group owner can transfer ownership.', 'server.changeOwnerDenied'],
  ['You already own this group.', 'server.alreadyOwner'],
  ['Only the group owner can set or remove admins.', 'server.setManagerDenied'],
  ["The owner's role cannot be changed: transfer ownership instead.", 'server.ownerRole'],
  ['Only the owner and admins can invite people to this group.', 'server.inviteDenied'],
  ['Only the owner and admins can do that.', 'server.moderateMember'],
  ['Admins can only mute or remove plain members. Ask the group owner.', 'server.adminLimit'],
  ['The group owner cannot be muted or removed.', 'server.ownerImmune'],
  ['You cannot mute yourself.', 'server.muteSelf'],
  ['Pick a time in the future, or 0 to unmute.', 'server.muteFuture'],
  ['Transfer ownership before leaving, or dissolve the group', 'server.ownerLeave'],
  ['Only the group owner can dissolve the group.', 'server.dissolveDenied'],
  ['Only the group owner can clear the history for everyone.', 'server.clearAllDenied'],
  ['The group owner has hidden the member list of this group.', 'server.membersHidden'],
  ['Invitations are turned off in this group: only the owner and admins can share its QR code.', 'server.qrInviteDenied'],
  ['Invitations are turned off in this group: ask the owner or an admin to add you.', 'server.joinInviteDenied'],
  ['This group QR code has expired', 'server.groupQrExpired'],
  ['This is not a group QR code', 'server.qrNotGroup'],
  ['Everyone you picked is already in this group.', 'server.alreadyIn'],
  ['Pick at least one other person.', 'server.pickOther'],
  ['Group name cannot be empty', 'server.groupNameEmpty'],
  ['Say which group: id must be a group id (a number or "group-<n>")', 'server.groupId'],
  ['user_id must be a user id (a number)', 'server.groupUserId'],
  ['user_ids must be a list of user ids (numbers)', 'server.groupUserIds'],
  ['Pick at least one person', 'server.pickOne'],
  ['Say how long: until (a time in ms, 0 to unmute) or minutes', 'server.muteWhen'],
  ['Nothing to change: give at least one setting', 'server.settingEmpty'],
  ['Scan a group QR code first', 'server.scanGroupQr'],
  ['role must be 2 (admin) or 3 (member)', 'server.roleValue'],
  ['notice must be text', 'server.noticeText'],
  ['Enter a 6-digit payment password', 'server.payPassword'],
  ['Amount cannot be empty', 'server.amountEmpty'],
  ['Enter a valid amount', 'server.amountInvalid'],
  ['Number must be a whole number greater than 0', 'server.packetNumber'],
  ['Select at least one person', 'server.recipientsEmpty'],
  ['Too many people selected', 'server.recipientsTooMany'],
  ['The body must be a JSON object.', 'server.bodyNotObject'],
  ['The body is not valid JSON.', 'server.bodyNotJson'],
  ['The request is not valid.', 'server.requestInvalid'],
  ['The request body is too large.', 'server.bodyTooLarge'],
  ['Send the body as application/json.', 'server.sendJson'],
  ['Something went wrong on the server. Please try again.', 'server.serverError'],
  ['Frames must be JSON.', 'server.framesJson'],
  ['Unknown frame type.', 'server.unknownFrame'],
  // the same refusals, worded slightly differently elsewhere
  ['That file does not exist', 'server.fileNotFound'],
  ['toContactId must be a user id, "group-<n>" or "system"', 'server.toContactId'],
  ['Recording too short', 'server.recordingTooShort'],
  // GROUP_SPEAK_MSG.memberMuted is sent followed by the end of the mute (see the patterns below)
  ['You are muted in this group until', 'server.memberMuted'],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The server writes a mute's end as 'YYYY-MM-DD HH:mm UTC.'; show it in the user's local time. */
function localTime(utc: string): string {
  const date = new Date(`${utc.replace(' ', 'T')}:00Z`);
  if (Number.isNaN(date.getTime())) return utc;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Server texts with a variable part. */
export const SERVER_MESSAGE_PATTERNS: readonly MessagePattern[] = [
  {
    pattern: /^Too many failed sign-in attempts\. Try again in (?<minutes>\d+) minutes?\.$/,
    key: 'server.tooManySignInAttempts',
    values: (g) => ({ count: Number(g.minutes) }),
  },
  { pattern: /^Too many wrong attempts\. Try again in (?<minutes>\d+) minutes\.$/, key: 'server.tooManyWrongAttempts' },
  { pattern: /^User (?<id>\d+) does not exist\.$/, key: 'server.userIdMissing' },
  { pattern: /^Enter an account or a nickname, 1-(?<max>\d+) characters$/, key: 'server.keywords' },
  { pattern: /^A signature can be at most (?<max>\d+) characters$/, key: 'server.signatureLong' },
  { pattern: /^A remark can be at most (?<max>\d+) characters$/, key: 'server.remarkLong' },
  { pattern: /^A remark name can be at most (?<max>\d+) characters$/, key: 'server.remarkNameLong' },
  {
    pattern: /^You can only add your friends to a group: (?<name>.*) is not your friend\.$/,
    key: 'server.notFriendForGroup',
  },
  { pattern: /^The file is larger than the (?<limit>.+) limit$/, key: 'server.fileTooLarge' },
  { pattern: /^Video cannot exceed (?<seconds>\d+) seconds$/, key: 'server.videoTooLong' },
  { pattern: /^A text message can be at most (?<max>\d+) characters\.$/, key: 'server.textTooLong' },
  { pattern: /^Unknown message type "(?<type>[^"]*)"\. Use one of: (?<types>.+)\.$/, key: 'server.unknownType' },
  {
    pattern: /^Choose 1 to (?<max>\d+) recipients: cannot forward to more than \k<max> people\.$/,
    key: 'server.forwardTargets',
  },
  {
    pattern: /^You are muted in this group until (?<until>\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC\.$/,
    key: 'server.memberMutedUntil',
    values: (g) => ({ until: localTime(g.until) }),
  },
  { pattern: /^You are muted in this group until (?<until>.+)$/, key: 'server.memberMutedUntil' },
  { pattern: /^limit is at most (?<max>\d+)$/, key: 'server.limitMax' },
  { pattern: /^A group name can be at most (?<max>\d+) characters$/, key: 'server.groupNameLong' },
  { pattern: /^A group notice can be at most (?<max>\d+) characters$/, key: 'server.groupNoticeLong' },
  { pattern: /^A group can have at most (?<max>\d+) members$/, key: 'server.groupTooMany' },
  { pattern: /^A mute can last at most (?<days>\d+) days$/, key: 'server.muteLong' },
  { pattern: /^No such endpoint: (?<endpoint>.+)$/, key: 'server.noEndpoint' },
  // zod's "<field> is required" (apps/server/src/http/errors.ts zodMessage)
  { pattern: /^(?<field>[\w.]+) is required$/, key: 'server.fieldRequired' },
];

const exactByText = new Map<string, MessageKey>();
for (const [text, key] of EXACT_SERVER_MESSAGES) if (!exactByText.has(text)) exactByText.set(text, key);

/** The i18n key (and values) of a server text, or null when the text is not known. */
export function matchServerMessage(text: string): MessageMatch | null {
  const exact = exactByText.get(text);
  if (exact) return { key: exact };
  for (const { pattern, key, values } of SERVER_MESSAGE_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const groups = { ...match.groups };
    return { key, values: values ? values(groups) : groups };
  }
  return null;
}
