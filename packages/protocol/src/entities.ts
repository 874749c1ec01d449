import { z } from 'zod';

/** Shapes the API returns (spec §3). */
export const genderValueSchema = z.enum(['male', 'female', 'unknown']);
export type Gender = z.infer<typeof genderValueSchema>;

/** 0/1 flags of the API. */
export const bitSchema = z.union([z.literal(0), z.literal(1)]);

export const userInfoSchema = z.object({
  user_id: z.number().int(),
  id: z.number().int(),
  account: z.string(),
  realname: z.string(),
  nickname: z.string(),
  displayName: z.string(),
  avatar: z.string(),
  gender: genderValueSchema,
  signature: z.string(),
  email: z.string(),
  invite_code: z.string(),
  verified: z.boolean(),
  /** Background colour code of the drawn avatar (spec §3): 1 blue, 2 orange, 3 red, 4 green, 5 grey. */
  avatar_color: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const authResultSchema = z.object({
  authToken: z.string(),
  userInfo: userInfoSchema,
});
export type AuthResult = z.infer<typeof authResultSchema>;
