import { z } from 'zod';
import { momentPersonSchema } from '../endpoints/moments.ts';

export const momentsPushes = {
  /** someone liked or commented on my post, or replied to me: the red dot and the "N new" bar */
  momentNotice: z.object({ unread: z.number().int(), kind: z.enum(['like', 'comment']), from: momentPersonSchema, moment_id: z.number().int() }),
  /** a like taken back or a comment removed on my post (by someone else): the feed reads it again */
  momentChanged: z.object({ moment_id: z.number().int() }),
};
