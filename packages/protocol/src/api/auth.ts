import { z } from 'zod';
import type { ErrorKey } from '../contract/errors.ts';
import { ACCOUNT_MAX, ACCOUNT_MIN, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../limits.ts';
import { carriesHiddenControls, showsSomething } from '../rules/visibleText.ts';

/**
 * Validation messages are keys of the error table (`contract/errors`): the server answers the key and its
 * English text, the web's forms translate the key.
 */
export const ValidationMsg = {
  account: 'validation.account',
  password: 'validation.password',
  passwordMismatch: 'validation.passwordMismatch',
  nickname: 'validation.nickname',
} as const satisfies Record<string, ErrorKey>;

export const accountSchema = z
  .string({ error: ValidationMsg.account })
  .trim()
  .min(ACCOUNT_MIN, { error: ValidationMsg.account })
  .max(ACCOUNT_MAX, { error: ValidationMsg.account });

export const passwordSchema = z
  .string({ error: ValidationMsg.password })
  .min(PASSWORD_MIN, { error: ValidationMsg.password })
  .max(PASSWORD_MAX, { error: ValidationMsg.password });

export const nicknameSchema = z
  .string({ error: ValidationMsg.nickname })
  .trim()
  .min(1, { error: ValidationMsg.nickname })
  .max(NICKNAME_MAX, { error: ValidationMsg.nickname })
  .refine((name) => showsSomething(name) && !carriesHiddenControls(name), { error: ValidationMsg.nickname });

export const registerBody = z
  .object({
    account: accountSchema,
    nickname: nicknameSchema,
    password: passwordSchema,
    repassword: z.string({ error: ValidationMsg.passwordMismatch }),
  })
  .refine((b) => b.password === b.repassword, { error: ValidationMsg.passwordMismatch, path: ['repassword'] });
export type RegisterBody = z.infer<typeof registerBody>;

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

export const loginBody = z.object({
  account: accountSchema,
  password: passwordSchema,
  remember: flag.optional(),
  isMobile: flag.optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const bindUidBody = z.object({
  client_id: z.string().min(1).max(64),
  user_id: z.union([z.number(), z.string()]).optional(),
  cid: z.string().max(128).optional(),
});

export const sendCodeBody = z.object({
  target: z.string().trim().min(3).max(128),
  purpose: z.enum(['register', 'verify', 'reset']).default('verify'),
});

export const changePasswordBody = z
  .object({
    oldPassword: passwordSchema,
    password: passwordSchema,
    repassword: z.string(),
  })
  .refine((b) => b.password === b.repassword, { error: ValidationMsg.passwordMismatch, path: ['repassword'] });
