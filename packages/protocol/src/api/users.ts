import { z } from 'zod';
import { bitSchema, genderValueSchema } from '../entities.ts';
import { accountSchema, nicknameSchema, passwordSchema, ValidationMsg } from './auth.ts';
import { entityIdSchema } from './friends.ts';
import { QR_TEXT_MAX, SEARCH_KEYWORDS_MAX, SIGNATURE_MAX, UserMsg } from './userRules.ts';
export * from './userRules.ts';

/** Users: profiles, search, personal area, account security, devices, QR codes. See docs/api/users.md. */

export const getUserInfoBody = z.object({ user_id: entityIdSchema(UserMsg.userId).optional() });
export type GetUserInfoBody = z.infer<typeof getUserInfoBody>;

/** A contact id: a user id (number or digits); `group-<n>` and `system` are refused by the server with a clear msg. */
export const getContactInfoBody = z.object({
  id: z.union([z.number({ error: UserMsg.contactId }), z.string({ error: UserMsg.contactId }).trim().min(1).max(64)], {
    error: UserMsg.contactId,
  }),
});
export type GetContactInfoBody = z.infer<typeof getContactInfoBody>;

export const searchUserBody = z.object({
  keywords: z
    .string({ error: UserMsg.keywords })
    .trim()
    .min(1, { error: UserMsg.keywords })
    .max(SEARCH_KEYWORDS_MAX, { error: UserMsg.keywords }),
});
export type SearchUserBody = z.infer<typeof searchUserBody>;

export const genderSchema = z.enum(['male', 'female', 'unknown'], { error: UserMsg.gender });

export const emailSchema = z.email({ error: UserMsg.email }).max(128, { error: UserMsg.email });

export const updateUserInfoBody = z.object({
  nickname: nicknameSchema.optional(),
  gender: genderSchema.optional(),
  signature: z.string({ error: UserMsg.signature }).trim().max(SIGNATURE_MAX, { error: UserMsg.signature }).optional(),
  /** '' clears the address */
  email: z
    .string({ error: UserMsg.email })
    .trim()
    .pipe(z.union([z.literal(''), emailSchema], { error: UserMsg.email }))
    .optional(),
});
export type UpdateUserInfoBody = z.infer<typeof updateUserInfoBody>;

export const verifyEmailBody = z.object({
  email: z.string({ error: UserMsg.email }).trim().pipe(emailSchema),
  code: z.string({ error: UserMsg.code }).trim().regex(/^\d{6}$/, { error: UserMsg.code }),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

export const editAccountBody = z.object({ account: accountSchema });
export type EditAccountBody = z.infer<typeof editAccountBody>;

export const editPasswordBody = z
  .object({
    oldPassword: z.string({ error: UserMsg.oldPassword }).min(1, { error: UserMsg.oldPassword }).max(128, { error: UserMsg.oldPassword }),
    password: passwordSchema,
    repassword: z.string({ error: ValidationMsg.passwordMismatch }),
  })
  .refine((b) => b.password === b.repassword, { error: ValidationMsg.passwordMismatch, path: ['repassword'] });
export type EditPasswordBody = z.infer<typeof editPasswordBody>;

export const deviceListBody = z.object({}).loose();
export const signOutDeviceBody = z.object({ id: entityIdSchema(UserMsg.device) });
export type SignOutDeviceBody = z.infer<typeof signOutDeviceBody>;

export const myQrcodeBody = z.object({}).loose();
export const scanQrBody = z.object({
  text: z.string({ error: UserMsg.qrText }).trim().min(1, { error: UserMsg.qrText }).max(QR_TEXT_MAX, { error: UserMsg.qrText }),
});
export type ScanQrBody = z.infer<typeof scanQrBody>;

/**
 * Another user's profile as the viewer may see it. Private fields (email, invite_code, phone) are never
 * included for non-friends; a friend also sees `email`; yourself sees `email` and `invite_code`.
 */
export const publicProfileSchema = z.object({
  user_id: z.number().int(),
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  realname: z.string(),
  /** the viewer's remark name when set, else the nickname */
  displayName: z.string(),
  /** the viewer's remark name for this user ('' when none or not a friend) */
  remark: z.string(),
  avatar: z.string(),
  avatar_color: z.number().int(),
  gender: genderValueSchema,
  signature: z.string(),
  verified: z.boolean(),
  is_friend: z.boolean(),
  is_self: z.boolean(),
  is_online: bitSchema,
  /** index letter of displayName */
  index: z.string(),
  email: z.string().optional(),
  invite_code: z.string().optional(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** One row of `/enterprise/im/searchUser`. */
export const searchUserItemSchema = publicProfileSchema.omit({ email: true, invite_code: true });
export type SearchUserItem = z.infer<typeof searchUserItemSchema>;

/** One row of `/enterprise/im/deviceList`. */
export const deviceItemSchema = z.object({
  /** session id (what signOutDevice takes) */
  id: z.number().int(),
  /** 'mobile' | 'web' */
  device: z.string(),
  cid: z.string(),
  user_agent: z.string(),
  ip: z.string(),
  created_at: z.number(),
  last_used_at: z.number(),
  /** the session making this call */
  current: z.boolean(),
});
export type DeviceItem = z.infer<typeof deviceItemSchema>;

/** `/enterprise/im/myQrcode`: `text` is what the QR image encodes; `expires_at` in ms. */
export const myQrcodeSchema = z.object({ text: z.string(), expires_at: z.number() });
export type MyQrcode = z.infer<typeof myQrcodeSchema>;

/** `/enterprise/im/scanQr` answer. */
export const scanResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), user: publicProfileSchema }),
  z.object({
    kind: z.literal('group'),
    group_id: z.number().int(),
    contact_id: z.string(),
    name: z.string(),
    member_count: z.number().int().nullable(),
  }),
  z.object({ kind: z.literal('url'), url: z.string() }),
]);
export type ScanResult = z.infer<typeof scanResultSchema>;
