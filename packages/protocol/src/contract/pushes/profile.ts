import { z } from 'zod';

export const profilePushes = {
  /**
   * A user changed their nickname or avatar: sent to their friends, the members of their groups and
   * their own other devices, so that chat lists, contacts and chats redraw without a reload.
   */
  profileChanged: z.object({
    user_id: z.number().int(),
    nickname: z.string(),
    avatar: z.string(),
    avatar_color: z.number().int(),
  }),
};
