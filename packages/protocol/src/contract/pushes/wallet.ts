import { z } from 'zod';
import { walletRequestSchema } from '../../wallet/schemas.ts';

export const walletPushes = {
  /** my balance changed (a payment, a claim, a refund, an approved or rejected request) */
  walletBalance: z.object({ balance: z.string(), reason: z.string() }),
  /** one of my recharge or withdraw requests was decided */
  walletRequest: walletRequestSchema,
  /** someone opened a red packet: sent to its sender and to the claimer only */
  redPacketOpened: z.object({
    msg_id: z.number(),
    /** the packet's chat: the group's contact id, or the other person's user id */
    toContactId: z.union([z.string(), z.number()]),
    is_group: z.number(),
    sender: z.object({ id: z.number(), displayName: z.string() }),
    claimer: z.object({ id: z.number(), displayName: z.string() }),
    amount: z.string(),
    /** the last share went */
    finished: z.boolean(),
  }),
};
