import { CLIENT_SEND_TYPES, MESSAGE_PAGE_MAX, TEXT_MAX_CHARS } from '../../api/messages.ts';
import { Code } from '../../codes.ts';
import { FORWARD_MAX_TARGETS, VIDEO_MAX_SECONDS } from '../../limits.ts';
import { errorTable } from '../define.ts';

export const messagesErrors = errorTable({
  'messages.privateChatDisabled': { code: Code.FORBIDDEN, text: 'Private chat has been disabled by the system' },
  'messages.notFriends': {
    code: Code.FORBIDDEN,
    text: 'You can only send messages to your friends. Add this person as a friend first.',
  },
  'messages.systemContact': { code: Code.FORBIDDEN, text: 'System notifications cannot be answered.' },
  'messages.muteAll': { code: Code.FORBIDDEN, text: 'The group is muted: only the owner and admins can send messages.' },
  'messages.ownerOnly': { code: Code.FORBIDDEN, text: 'Only the group owner can send messages in this group.' },
  /** `until`: the end of the mute as 'YYYY-MM-DD HH:mm UTC' (clients show it in local time) */
  'messages.memberMuted': { code: Code.FORBIDDEN, text: 'You are muted in this group until {{until}}.' },
  'messages.textEmpty': { code: Code.BAD_REQUEST, text: 'Type a message before sending.' },
  'messages.textTooLong': {
    code: Code.BAD_REQUEST,
    text: 'A text message can be at most {{max}} characters.',
    params: { max: TEXT_MAX_CHARS },
  },
  'messages.textNeeded': { code: Code.BAD_REQUEST, text: 'A text message needs its text in content.' },
  'messages.fileNeeded': {
    code: Code.BAD_REQUEST,
    text: 'This message type needs a file: upload it first and send its file_id.',
  },
  'messages.fileKind': { code: Code.BAD_REQUEST, text: 'The uploaded file does not match the message type.' },
  'messages.durationNeeded': { code: Code.BAD_REQUEST, text: 'Send the duration in seconds as extends.duration.' },
  'messages.recordingTooShort': { code: Code.BAD_REQUEST, text: 'The recording is too short' },
  'messages.recordingTooLong': { code: Code.BAD_REQUEST, text: 'The recording is too long.' },
  'messages.videoTooLong': {
    code: Code.BAD_REQUEST,
    text: 'Video cannot exceed {{seconds}} seconds',
    params: { seconds: VIDEO_MAX_SECONDS },
  },
  'messages.location': {
    code: Code.BAD_REQUEST,
    text: 'A location needs lat (-90..90) and lng (-180..180); name and address are optional text.',
  },
  'messages.card': { code: Code.BAD_REQUEST, text: 'A card needs {kind: "user" | "group", id} of an existing user or group.' },
  'messages.cardGone': {
    code: Code.NOT_FOUND,
    text: 'A card needs {kind: "user" | "group", id} of an existing user or group.',
  },
  'messages.serverOnly': { code: Code.BAD_REQUEST, text: 'System and event messages are made by the server only.' },
  'messages.webrtc': { code: Code.BAD_REQUEST, text: 'Calls are started through /enterprise/im/sendToMsg, not sendMessage.' },
  'messages.redPacket': { code: Code.BAD_REQUEST, text: 'Red packets are sent from the red packet page, not sendMessage.' },
  'messages.unknownType': {
    code: Code.BAD_REQUEST,
    text: 'Unknown message type "{{type}}". Use one of: {{types}}.',
    params: { types: CLIENT_SEND_TYPES.join(', ') },
  },
  'messages.notFound': { code: Code.NOT_FOUND, text: 'That message does not exist or you cannot see it.' },
  'messages.recallOthers': { code: Code.FORBIDDEN, text: 'You can only recall your own messages.' },
  'messages.recallWindow': { code: Code.FORBIDDEN, text: 'Messages can only be recalled within 2 minutes of sending.' },
  'messages.recallAdmin': { code: Code.FORBIDDEN, text: 'Admins cannot recall messages of the owner or of other admins.' },
  'messages.recallKind': { code: Code.FORBIDDEN, text: 'This message cannot be recalled.' },
  'messages.forwardTargets': {
    code: Code.BAD_REQUEST,
    text: 'Choose 1 to {{max}} recipients: cannot forward to more than {{max}} people.',
    params: { max: FORWARD_MAX_TARGETS },
  },
  'messages.forwardKind': { code: Code.BAD_REQUEST, text: 'Recalled messages, system notices and events cannot be forwarded.' },
  'messages.forwardNothing': { code: Code.BAD_REQUEST, text: 'Choose at least one message to forward.' },
  'messages.atEveryone': { code: Code.FORBIDDEN, text: 'Only the group owner and admins can mention everyone.' },
  /** request bodies */
  'messages.messageRef': { code: Code.BAD_REQUEST, text: 'id must be a msg_id or the client id of a message' },
  'messages.msgIdNumber': { code: Code.BAD_REQUEST, text: 'msg_id must be a number' },
  'messages.clientIdRequired': { code: Code.BAD_REQUEST, text: 'id (the client message id, a UUID) is required' },
  'messages.clientIdFormat': { code: Code.BAD_REQUEST, text: 'id must be 1-64 letters, digits, "-" or "_" (use a UUID)' },
  'messages.typeRequired': { code: Code.BAD_REQUEST, text: 'type is required' },
  'messages.searchEmpty': { code: Code.BAD_REQUEST, text: 'Type something to search for' },
  /** the search reached its time limit (the server's SEARCH_TIMEOUT_MS) */
  'messages.searchTooLong': { code: Code.BAD_REQUEST, text: 'This search takes too long. Try a longer or more exact keyword.' },
  'messages.limitMax': { code: Code.BAD_REQUEST, text: 'limit is at most {{max}}', params: { max: MESSAGE_PAGE_MAX } },
});
