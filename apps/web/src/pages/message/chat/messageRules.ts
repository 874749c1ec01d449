import { type Features, RECALL_WINDOW_SECONDS } from '@parley/protocol';
import { type ChatItem, isPending } from '../../../stores/messageList.ts';

/** Which long-press actions a message offers (pure rules; the server has the last word). */

const UNFORWARDABLE = new Set(['event', 'system', 'webrtc', 'red_packet']);

export const canCopy = (m: ChatItem): boolean => m.type === 'text' && m.content !== '';
export const canForward = (m: ChatItem): boolean => !isPending(m) && m.is_undo !== 1 && !UNFORWARDABLE.has(m.type);

/** Mine within 2 minutes, or anyone's when I am a group owner/admin (the server has the last word). */
export function canRecall(m: ChatItem, myUserId: number, isStaff: boolean, now = Date.now()): boolean {
  if (isPending(m) || m.is_undo === 1 || m.type === 'event' || m.type === 'system') return false;
  if (isStaff) return true;
  return String(m.fromUser.id) === String(myUserId) && now / 1000 - m.sendTime <= RECALL_WINDOW_SECONDS;
}

/** A stored text message, when the server has a translation engine. */
export const canTranslate = (m: ChatItem, features: Features): boolean =>
  features.translate && m.type === 'text' && !isPending(m) && m.is_undo !== 1 && m.content !== '';

/** A stored voice message, when the server has a transcription engine. */
export const canTranscribe = (m: ChatItem, features: Features): boolean =>
  features.transcribe && m.type === 'voice' && !isPending(m) && m.is_undo !== 1;
