import { z } from 'zod';
import { momentPersonSchema } from '../endpoints/moments.ts';

export const momentsPushes = {
  /** someone liked or commented on my post, or replied to me: the red dot and the "N new" bar */
  momentNotice: z.object({ unread: z.number().int(), kind: z.enum(['like', 'comment']), from: momentPersonSchema, moment_id: z.number().int() }),
};
