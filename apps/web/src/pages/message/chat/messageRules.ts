import { type Features, favoriteKindOf, mayForward, recallVerdict, sameContactId } from '@parley/protocol';
import { type ChatItem, isPending } from '../../../stores/messageList.ts';

/** Which long-press actions a message offers: the protocol's rules, which the server enforces too. */

export const canCopy = (m: ChatItem): boolean => m.type === 'text' && m.content !== '';
export const canForward = (m: ChatItem): boolean => !isPending(m) && mayForward(m);

/**
 * Whether to offer recall. `myRole` and `senderRole` are group roles (null in a private chat; a
 * sender missing from the member list counts as a plain member).
 */
export function canRecall(m: ChatItem, myUserId: number, myRole: number | null, senderRole: number | null, now = Date.now()): boolean {
  if (isPending(m) || m.is_undo === 1) return false;
  return recallVerdict({ type: m.type, sendTime: m.sendTime, mine: sameContactId(m.fromUser.id, myUserId), myRole, senderRole, now }).ok;
}

/** A stored text message, when the server has a translation engine. */
export const canTranslate = (m: ChatItem, features: Features): boolean =>
  features.translate && m.type === 'text' && !isPending(m) && m.is_undo !== 1 && m.content !== '';

/** A stored voice message, when the server has a transcription engine. */
export const canTranscribe = (m: ChatItem, features: Features): boolean =>
  features.transcribe && m.type === 'voice' && !isPending(m) && m.is_undo !== 1;

/** A stored message of a kind favorites keep (not events, calls or red packets; not recalled). */
export const canFavorite = (m: ChatItem): boolean => !isPending(m) && m.msg_id > 0 && favoriteKindOf(m) !== null;

/** A received (or sent) picture that may become one of my stickers. */
export const canAddSticker = (m: ChatItem): boolean =>
  !isPending(m) && m.is_undo !== 1 && (m.type === 'image' || m.type === 'emoji') && (m.file?.id ?? 0) > 0;
