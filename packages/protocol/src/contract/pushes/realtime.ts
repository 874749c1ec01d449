import { z } from 'zod';

/** Frames of the socket itself (design: Realtime), not of a domain. */
export const realtimePushes = {
  /** the first frame of every connection: bind this client_id with bindUid */
  init: z.object({ client_id: z.string() }),
  /** a `bindUid` frame was accepted */
  bindUid: z.object({ user_id: z.number().int(), client_id: z.string() }),
  /** the answer to `ping` (no data) */
  pong: z.undefined(),
  /** a frame was refused; code -1: the token is not valid (the socket closes) */
  error: z.object({ code: z.number().int(), msg: z.string(), key: z.string().optional() }),
  /**
   * the answer to a `call` frame: its `seq` and the envelope HTTP would answer (`data` is the
   * endpoint's on success, null on a refusal with its `key`)
   */
  answer: z.object({
    seq: z.number().int(),
    code: z.number().int(),
    msg: z.string(),
    data: z.unknown(),
    key: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
};
