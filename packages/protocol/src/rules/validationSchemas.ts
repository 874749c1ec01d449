import { z } from 'zod';
import { yuanToFen } from '../format/money.ts';
import { FORWARD_MAX_TARGETS } from '../limits.ts';
import { checkRedPacketAmount, checkRedPacketNumber, PAY_PASSWORD_PATTERN, RuleMsg } from './validation.ts';

/** The zod schemas of the validation rules of spec §5 (the plain checks are in validation.ts). */

/** Exactly 6 ASCII digits. */
export const payPasswordSchema = z.string({ error: RuleMsg.payPassword }).regex(PAY_PASSWORD_PATTERN, { error: RuleMsg.payPassword });

/** Payment password entered twice. */
export const payPasswordPairSchema = z
  .object({ password: payPasswordSchema, repassword: z.string({ error: RuleMsg.payPasswordMismatch }) })
  .refine((b) => b.password === b.repassword, { error: RuleMsg.payPasswordMismatch, path: ['repassword'] });

/** A yuan amount (string or number) validated like checkRedPacketAmount and turned into integer fen. */
export const yuanAmountSchema = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const error = checkRedPacketAmount(v);
  if (error) {
    ctx.addIssue({ code: 'custom', message: error });
    return z.NEVER;
  }
  return yuanToFen(String(v).trim()) as number;
});

/** A whole number greater than 0 (string or number), as a number. */
export const redPacketNumberSchema = z.union([z.string(), z.number()]).transform((v, ctx) => {
  if (checkRedPacketNumber(v)) {
    ctx.addIssue({ code: 'custom', message: RuleMsg.redPacketNumber });
    return z.NEVER;
  }
  return Number(String(v).trim());
});

/** The spec's red packet fields; `amount` comes out in fen. Extend it with the other red packet fields. */
export const redPacketSchema = z.object({ amount: yuanAmountSchema, number: redPacketNumberSchema });

export const groupNameSchema = z.string({ error: RuleMsg.groupNameEmpty }).trim().min(1, { error: RuleMsg.groupNameEmpty });

/** A list of recipient ids of length 1..max. */
export const recipientsSchema = (max: number = FORWARD_MAX_TARGETS) =>
  z
    .array(z.union([z.string(), z.number()]))
    .min(1, { error: RuleMsg.recipientsEmpty })
    .max(max, { error: RuleMsg.recipientsTooMany });
