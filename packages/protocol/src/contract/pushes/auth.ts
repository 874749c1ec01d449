import { z } from 'zod';

export const authPushes = {
  /** this session was ended elsewhere; the socket closes after it (`key` of the error table) */
  offline: z.object({ msg: z.string(), key: z.string().optional() }),
};
