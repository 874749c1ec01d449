/** The call codes, media, events and outcomes of spec §4/§7 and their plain rules (no schema: the web loads these without zod). */

/** The call codes of spec §4/§7. 905 is sent by the server only (its ring timer). */
export const CallCode = {
  CALLING: 901,
  CANCELLED: 902,
  REJECTED: 903,
  ACCEPTED: 904,
  NO_ANSWER: 905,
  HUNG_UP: 906,
  BUSY: 907,
} as const;
export type CallCodeValue = (typeof CallCode)[keyof typeof CallCode];
export const CALL_CODES = Object.values(CallCode) as CallCodeValue[];

/** Seconds a call rings before the server ends it with 905. */
export const CALL_RING_SECONDS = 60;

export const CALL_MEDIA = ['voice', 'video'] as const;
export type CallMedia = (typeof CALL_MEDIA)[number];

/**
 * `call` carries a call code (control: ring, cancel, reject, accept, hang up, busy);
 * `offer`, `answer` and `ice` carry WebRTC signalling between the two connected devices;
 * `resume` moves a party's side of the call to the socket it reconnected with (same device).
 */
export const CALL_EVENTS = ['call', 'offer', 'answer', 'ice', 'resume'] as const;
export type CallEvent = (typeof CALL_EVENTS)[number];

/** How a call ended, as its record shows it. */
export const CALL_OUTCOMES = ['completed', 'cancelled', 'declined', 'missed', 'busy'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** The code that ends a call with each outcome. */
export const CALL_OUTCOME_CODE: Record<CallOutcome, CallCodeValue> = {
  completed: CallCode.HUNG_UP,
  cancelled: CallCode.CANCELLED,
  declined: CallCode.REJECTED,
  missed: CallCode.NO_ANSWER,
  busy: CallCode.BUSY,
};

export const CALL_STATES = ['ringing', 'active', 'ended'] as const;
export type CallState = (typeof CALL_STATES)[number];
/** A call's length as the record and the in-call timer show it: "01:23", "1:02:03" past an hour. */
export function formatCallDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The outcome a call-ending code means. */
export function callOutcomeOf(code: number): CallOutcome | null {
  const hit = (Object.entries(CALL_OUTCOME_CODE) as [CallOutcome, number][]).find(([, c]) => c === code);
  return hit ? hit[0] : null;
}
