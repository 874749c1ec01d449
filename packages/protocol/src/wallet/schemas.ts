import { clientMessageId } from '../api/messages.ts';
import { DB_ID_MAX } from '../limits.ts';
import { z } from 'zod';
import { RED_PACKET_COVERS, RED_PACKET_KINDS } from './limits.ts';

/**
 * Bodies and answers of the wallet and red-packet endpoints. Amounts go in as a decimal string
 * (a JSON number is accepted too) and are checked by the service (`parseAmount`), so that a bad
 * amount gets its own refusal key; they come out as decimal strings with two places.
 */

/** What the person typed; the service checks it (never a 500, never a float in storage). */
export const amountInput = z.union([z.string().max(32), z.number()], { error: 'amount must be a decimal string' });
/** Typed by the person; the service checks the 6 digits and counts wrong ones. */
export const payPasswordInput = z.string({ error: 'password is required' }).max(32);
const money = z.string().describe('yuan, a decimal string with two places');
const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};
/** Minutes to add to local time to reach UTC (JavaScript's getTimezoneOffset), for month and year bounds. */
const tzOffset = z.coerce.number().int().min(-900).max(900).default(0);

export const walletInfoSchema = z.object({
  opened: z.boolean(),
  balance: money,
  /** still the default 000000: the app asks to change it */
  mustChangePassword: z.boolean(),
  /** ms; payments are locked until then after 5 wrong payment passwords (0 = not locked) */
  lockedUntil: z.number(),
  pendingRecharge: money,
  pendingWithdraw: money,
  provider: z.string(),
});
export type WalletInfo = z.output<typeof walletInfoSchema>;

export const WALLET_REQUEST_KINDS = ['recharge', 'withdraw'] as const;
export const WALLET_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const walletRequestSchema = z.object({
  id: z.number(),
  kind: z.enum(WALLET_REQUEST_KINDS),
  amount: money,
  status: z.enum(WALLET_REQUEST_STATUSES),
  created_at: z.number(),
  decided_at: z.number().nullable(),
});
export type WalletRequest = z.output<typeof walletRequestSchema>;

export const setPayPasswordBody = z.object({
  /** the current payment password (000000 right after opening) */
  old: payPasswordInput,
  password: payPasswordInput,
  repassword: payPasswordInput,
});
/** the client's id of a request: a retry with it (after a lost answer) answers the request stored, not a second one */
const requestClientId = { client_id: clientMessageId.optional() };
export const rechargeBody = z.object({ amount: amountInput, ...requestClientId });
export const withdrawBody = z.object({ amount: amountInput, password: payPasswordInput, ...requestClientId });
export const walletRequestsBody = z.object({ status: z.enum(WALLET_REQUEST_STATUSES).optional(), ...pageFields });

/** Bill kinds: what moved money in or out of a wallet. */
export const BILL_KINDS = [
  'recharge',
  'withdraw',
  'withdraw_refund',
  'redpacket_send',
  'redpacket_receive',
  'redpacket_refund',
] as const;
export type BillKind = (typeof BILL_KINDS)[number];
export const billBody = z.object({
  kind: z.enum(BILL_KINDS).optional(),
  /** YYYY-MM (local month, with tzOffset) */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month must look like 2026-11' })
    .optional(),
  tzOffset,
  ...pageFields,
});
export const billEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(BILL_KINDS),
  /** signed: '-12.00' went out, '12.00' came in */
  amount: money,
  /** the balance right after this entry */
  balance: money,
  time: z.number(),
  /** the red packet's msg_id or the request id */
  ref: z.string(),
});
export type BillEntry = z.output<typeof billEntrySchema>;

export const sendRedPacketBody = z.object({
  /** client message id (UUID): the same id twice pays once */
  id: clientMessageId,
  toContactId: z.union([z.string().max(64), z.number()]),
  is_group: z.coerce.number().int().min(0).max(1).default(0),
  kind: z.enum(RED_PACKET_KINDS, { error: 'kind is random or fixed' }),
  /** random: the total; fixed: the amount of each share */
  amount: amountInput,
  /** checked by the service: a whole number > 0 */
  count: z.union([z.number(), z.string().max(16)]),
  blessing: z.string().max(200).default(''),
  cover: z.enum(RED_PACKET_COVERS, { error: 'unknown cover' }).default('classic'),
  password: payPasswordInput,
});

export const packetRefBody = z.object({ msg_id: z.coerce.number({ error: 'msg_id is required' }).int().positive().max(DB_ID_MAX) });

const personSchema = z.object({ id: z.number(), displayName: z.string(), avatar: z.string(), avatar_color: z.number() });
export const RED_PACKET_STATUSES = ['open', 'finished', 'expired'] as const;
export type RedPacketStatus = (typeof RED_PACKET_STATUSES)[number];
export const redPacketClaimSchema = z.object({
  user: personSchema,
  amount: money,
  time: z.number(),
  lucky: z.boolean(),
});
export const redPacketDetailsSchema = z.object({
  msg_id: z.number(),
  kind: z.enum(RED_PACKET_KINDS),
  is_group: z.number(),
  count: z.number(),
  total: money,
  blessing: z.string(),
  cover: z.enum(RED_PACKET_COVERS),
  sender: personSchema,
  status: z.enum(RED_PACKET_STATUSES),
  created_at: z.number(),
  expires_at: z.number(),
  finished_at: z.number().nullable(),
  claimedCount: z.number(),
  claimedTotal: money,
  refunded: money,
  claims: z.array(redPacketClaimSchema),
  /** my share, or null */
  mine: money.nullable(),
  /** I may still try to open it (eligible, not claimed, not sold out or expired) */
  canOpen: z.boolean(),
});
export type RedPacketDetails = z.output<typeof redPacketDetailsSchema>;

export const OPEN_OUTCOMES = ['success', 'soldOut', 'alreadyClaimed', 'tooSlow', 'notCaptured', 'expired'] as const;
export type OpenOutcome = (typeof OPEN_OUTCOMES)[number];
export const openRedPacketData = z.object({
  outcome: z.enum(OPEN_OUTCOMES),
  /** what I got (success, alreadyClaimed) */
  amount: money.nullable(),
  /** the packet's status after this open; its details (claims, lucky one) come from getRedPacket */
  status: z.enum(RED_PACKET_STATUSES),
});

export const redPacketLogBody = z.object({
  direction: z.enum(['received', 'sent']).default('received'),
  year: z.coerce.number().int().min(2000).max(3000),
  tzOffset,
  ...pageFields,
});
export const redPacketLogItemSchema = z.object({
  msg_id: z.number(),
  kind: z.enum(RED_PACKET_KINDS),
  /** received: the sender; sent: me */
  sender: personSchema,
  /** received: my share; sent: the packet's total */
  amount: money,
  time: z.number(),
  lucky: z.boolean(),
  count: z.number(),
  claimedCount: z.number(),
  status: z.enum(RED_PACKET_STATUSES),
});
export const redPacketLogData = z.object({
  year: z.number(),
  received: z.object({ total: money, count: z.number(), lucky: z.number() }),
  sent: z.object({ total: money, count: z.number() }),
  items: z.array(redPacketLogItemSchema),
  /** items of this direction in the year (for paging) */
  itemCount: z.number(),
});
export type RedPacketLog = z.output<typeof redPacketLogData>;
