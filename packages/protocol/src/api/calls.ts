import { z } from 'zod';
import { CALL_EVENTS, CALL_MEDIA, CALL_OUTCOMES, CALL_STATES, CallCode } from './callCodes.ts';
export * from './callCodes.ts';

/**
 * Voice and video calls (spec §2, §4, §7): the call codes, the `sendToMsg` body, the `webrtc`
 * push and the call record a finished call leaves in the chat.
 */

export const callIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'A call id is 8–64 letters, digits, "-" or "_" (a UUID).' });

export const iceCandidateSchema = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
export type IceCandidate = z.infer<typeof iceCandidateSchema>;

/** `/enterprise/im/sendToMsg`: one step of a call, from one of its parties. */
export const sendToMsgBody = z
  .object({
    /** the other party's user id */
    toContactId: z.coerce.number().int().positive().max(2_147_483_647),
    /** the media kind; required to start a call (901) */
    type: z.enum(CALL_MEDIA).optional(),
    event: z.enum(CALL_EVENTS).default('call'),
    /** the sender's call-screen state; informational, the server keeps its own */
    status: z.coerce.number().int().min(0).max(9).optional(),
    /** the call code, for event `call` */
    code: z.coerce.number().int().min(901).max(907).optional(),
    /** the call's id: made by the caller (a UUID) with 901, then named in every step */
    id: callIdSchema,
    /** the record message a call-back was started from (informational) */
    msg_id: z.coerce.number().int().positive().optional(),
    /** SDP of an offer or answer */
    sdp: z.string().max(64_000).optional(),
    /** an ICE candidate */
    candidate: iceCandidateSchema.optional(),
    /** `resume`: the socket (client id) this device's side of the call was on before it reconnected */
    from_client: z.string().min(1).max(64).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.event === 'call' && b.code === undefined) ctx.addIssue({ code: 'custom', message: 'A call step needs its code (901–907).', path: ['code'] });
    if (b.event === 'call' && b.code === CallCode.CALLING && b.type === undefined)
      ctx.addIssue({ code: 'custom', message: 'Starting a call needs its type: voice or video.', path: ['type'] });
    if ((b.event === 'offer' || b.event === 'answer') && !b.sdp)
      ctx.addIssue({ code: 'custom', message: 'An offer or answer needs its sdp.', path: ['sdp'] });
    if (b.event === 'ice' && !b.candidate) ctx.addIssue({ code: 'custom', message: 'An ice step needs its candidate.', path: ['candidate'] });
  });
export type SendToMsgBody = z.output<typeof sendToMsgBody>;

export const callPartySchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  avatar: z.string(),
  avatar_color: z.number().int(),
});
export type CallParty = z.infer<typeof callPartySchema>;

/** The answer of sendToMsg: where the call stands after the step. */
export const sendToMsgData = z.object({
  id: z.string(),
  state: z.enum(CALL_STATES),
  /** the code the call is at (907 when the callee was busy) */
  code: z.number().int(),
  /** the record message, once the call ended */
  msg_id: z.number().int().optional(),
});
export type SendToMsgData = z.infer<typeof sendToMsgData>;

/** The `webrtc` push: a call step for this device. */
export const webrtcPush = z.object({
  id: z.string(),
  event: z.enum(CALL_EVENTS),
  code: z.number().int().optional(),
  type: z.enum(CALL_MEDIA),
  caller: callPartySchema,
  callee: callPartySchema,
  /** 904 on the callee's other devices: another device of yours answered */
  elsewhere: z.boolean().optional(),
  /** 906: seconds connected */
  duration: z.number().int().optional(),
  /** the record message, once the call ended */
  msg_id: z.number().int().optional(),
  sdp: z.string().optional(),
  candidate: iceCandidateSchema.optional(),
});
export type WebrtcPush = z.infer<typeof webrtcPush>;

/** `extends` of a `webrtc` record message. */
export const callRecordSchema = z.object({
  call_id: z.string(),
  media: z.enum(CALL_MEDIA),
  outcome: z.enum(CALL_OUTCOMES),
  /** seconds connected (0 unless completed) */
  duration: z.number().int().min(0),
  code: z.number().int(),
  caller: z.number().int(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;

/** `RTCIceServer` entries from the server's `ICE_SERVERS` config. */
export const iceServerSchema = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServerConfig = z.infer<typeof iceServerSchema>;

