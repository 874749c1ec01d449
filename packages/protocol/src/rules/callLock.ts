import { CallCode } from '../api/calls.ts';

/**
 * The client call lock of spec §4: while it is set the device is on a call, and an incoming call
 * is answered busy (907). Offer and answer set it; a hangup, and the codes 902, 903, 905, 906
 * and 907 coming from this user, clear it.
 */
export type CallLockEvent =
  | { kind: 'offer' }
  | { kind: 'answer' }
  | { kind: 'hangup' }
  | { kind: 'code'; code: number; fromSelf: boolean };

const CLEARING_CODES: readonly number[] = [
  CallCode.CANCELLED,
  CallCode.REJECTED,
  CallCode.NO_ANSWER,
  CallCode.HUNG_UP,
  CallCode.BUSY,
];

export function nextCallLock(locked: boolean, event: CallLockEvent): boolean {
  switch (event.kind) {
    case 'offer':
    case 'answer':
      return true;
    case 'hangup':
      return false;
    case 'code':
      return event.fromSelf && CLEARING_CODES.includes(event.code) ? false : locked;
  }
}

/** An incoming call (901) is answered busy while the lock is held or the call screen is open. */
export function answersIncomingBusy(state: { locked: boolean; onCallScreen: boolean }): boolean {
  return state.locked || state.onCallScreen;
}
