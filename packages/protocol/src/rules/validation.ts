
import type { ErrorKey } from '../contract/errors.ts';
import { yuanToFen } from '../format/money.ts';
import { FORWARD_MAX_TARGETS, PAY_PASSWORD_LENGTH, RECORDING_MIN_SECONDS, VIDEO_MAX_SECONDS } from '../limits.ts';

export const RuleMsg = {
  payPassword: 'validation.payPassword',
  payPasswordMismatch: 'validation.passwordMismatch',
  redPacketAmountEmpty: 'validation.amountEmpty',
  redPacketAmountInvalid: 'validation.amountInvalid',
  redPacketNumber: 'validation.packetNumber',
  groupNameEmpty: 'groups.nameEmpty',
  recipientsEmpty: 'validation.recipientsEmpty',
  recipientsTooMany: 'validation.recipientsTooMany',
  videoTooLong: 'messages.videoTooLong',
  recordingTooShort: 'messages.recordingTooShort',
} as const satisfies Record<string, ErrorKey>;

/** The dynamic form required message: `${fieldName}不能为空`. */
export const requiredMessage = (fieldName: string): string => `${fieldName}不能为空`;

// Payment password --------------------------------------------------------------------------------------------

/** Exactly PAY_PASSWORD_LENGTH ASCII digits. */
export const PAY_PASSWORD_PATTERN = new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`);

export function checkPayPassword(password: string, repassword?: string): string | null {
  if (typeof password !== 'string' || !PAY_PASSWORD_PATTERN.test(password)) return RuleMsg.payPassword;
  if (repassword !== undefined && repassword !== password) return RuleMsg.payPasswordMismatch;
  return null;
}

// Red packet ---------------------------------------------------------------------------------------------------

/** Yuan amount check: non-empty, at most 2 decimals, greater than 0. */
export function checkRedPacketAmount(amount: string | number | null | undefined): string | null {
  const s = amount === null || amount === undefined ? '' : String(amount).trim();
  if (s === '') return RuleMsg.redPacketAmountEmpty;
  const fen = yuanToFen(s);
  return fen === null || fen <= 0 ? RuleMsg.redPacketAmountInvalid : null;
}

/** Red packet number: a whole number greater than 0 ('3' and 3 are fine; '3.0', '0', '-1' are not). */
export function checkRedPacketNumber(num: string | number | null | undefined): string | null {
  const s = num === null || num === undefined ? '' : String(num).trim();
  return /^\d+$/.test(s) && Number.isSafeInteger(Number(s)) && Number(s) > 0 ? null : RuleMsg.redPacketNumber;
}

// Group name ---------------------------------------------------------------------------------------------------

export function checkGroupName(name: string | null | undefined): string | null {
  return (name ?? '').trim() === '' ? RuleMsg.groupNameEmpty : null;
}

// Recipients ---------------------------------------------------------------------------------------------------

/** At least one and at most `max` recipients (9 for forward and push). Accepts a count or a list. */
export function checkRecipients(selected: number | readonly unknown[], max: number = FORWARD_MAX_TARGETS): string | null {
  const count = typeof selected === 'number' ? selected : selected.length;
  if (count < 1) return RuleMsg.recipientsEmpty;
  return count > max ? RuleMsg.recipientsTooMany : null;
}

// Media --------------------------------------------------------------------------------------------------------

/** Video at most 600 s. */
export function checkVideoDuration(seconds: number): string | null {
  return Number.isFinite(seconds) && seconds <= VIDEO_MAX_SECONDS ? null : RuleMsg.videoTooLong;
}

/** A recording must last at least 1 s. */
export function checkRecordingDuration(seconds: number): string | null {
  return Number.isFinite(seconds) && seconds >= RECORDING_MIN_SECONDS ? null : RuleMsg.recordingTooShort;
}

// Dynamic form -------------------------------------------------------------------------------------------------

/** A dynamic form field (spec §3). */
export interface DynamicFormField {
  name: string;
  field: string;
  form_type: string;
  default_value?: unknown;
  value?: unknown;
  setting?: unknown;
  relevant?: unknown;
  disabled?: boolean | number;
}

export interface RequiredRule {
  required: true;
  message: string;
}

/** The default rule every dynamic form field gets. */
export function defaultFieldRules(field: Pick<DynamicFormField, 'name'>): RequiredRule[] {
  return [{ required: true, message: requiredMessage(field.name) }];
}

/** Empty: undefined, null, a blank string or an empty array. 0 and false are values. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The required rule applied to one field's `value`. */
export function checkRequiredField(field: Pick<DynamicFormField, 'name' | 'value'>): string | null {
  return isEmptyValue(field.value) ? requiredMessage(field.name) : null;
}
