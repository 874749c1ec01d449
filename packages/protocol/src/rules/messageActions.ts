import { GroupRole } from '../api/groups.ts';
import { SERVER_MESSAGE_TYPES } from '../api/messages.ts';
import { RECALL_WINDOW_SECONDS } from '../limits.ts';

/**
 * Who may recall or forward a message (spec §5). The server enforces these; the web offers only the
 * actions they allow.
 */

/** Types that are never forwarded: server notices and events, call records, red packets. */
export const UNFORWARDABLE_TYPES: readonly string[] = [...SERVER_MESSAGE_TYPES, 'webrtc', 'red_packet'];

export function mayForward(m: { type: string; is_undo: number }): boolean {
  return Number(m.is_undo) !== 1 && !UNFORWARDABLE_TYPES.includes(m.type);
}

/** Types that are never recalled: the server's own notices and events. */
/** Server-made messages, and red packets (their money is in escrow). */
const UNRECALLABLE_TYPES: readonly string[] = [...SERVER_MESSAGE_TYPES, 'red_packet'];

export type RecallRefusal = 'kind' | 'window' | 'others' | 'admin';
export type RecallVerdict = { ok: true } | { ok: false; reason: RecallRefusal };

export interface RecallCase {
  type: string;
  /** the message's send time, in seconds */
  sendTime: number;
  /** the message was sent by the one who wants to recall it */
  mine: boolean;
  /** in a group: the recaller's role; null in a private chat */
  myRole: number | null;
  /** in a group: the sender's role (a plain member when unknown or gone); null in a private chat */
  senderRole: number | null;
  /** now, in ms */
  now: number;
}

/**
 * A sender recalls their own message within the recall window. In a group the owner recalls any
 * message at any time; an admin recalls their own at any time and plain members' messages, but not
 * the owner's or another admin's.
 */
export function recallVerdict(c: RecallCase): RecallVerdict {
  if (UNRECALLABLE_TYPES.includes(c.type)) return { ok: false, reason: 'kind' };
  const staff = c.myRole === GroupRole.OWNER || c.myRole === GroupRole.ADMIN;
  if (c.mine) {
    const fresh = c.now - c.sendTime * 1000 <= RECALL_WINDOW_SECONDS * 1000;
    return fresh || staff ? { ok: true } : { ok: false, reason: 'window' };
  }
  if (!staff) return { ok: false, reason: 'others' };
  if (c.myRole === GroupRole.ADMIN && (c.senderRole ?? GroupRole.MEMBER) !== GroupRole.MEMBER) return { ok: false, reason: 'admin' };
  return { ok: true };
}
