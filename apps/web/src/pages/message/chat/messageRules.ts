import { mayForward, recallVerdict, sameContactId } from '@parley/protocol';
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
