import type { ErrorKey } from '../contract/errors.ts';

/** Users' limits and refusal keys (no schema: the web loads these without zod). */

export const SIGNATURE_MAX = 100;
export const SEARCH_KEYWORDS_MAX = 32;
export const SEARCH_RESULTS_MAX = 20;
/** A user's own QR code (my card) stays valid this long; group codes use GROUP_QR_VALID_DAYS. */
export const USER_QR_VALID_DAYS = 30;
export const QR_TEXT_MAX = 2048;

/** Refusals of the user bodies: keys of the error table. */
export const UserMsg = {
  userId: 'users.chooseUser',
  contactId: 'users.chooseContact',
  keywords: 'users.keywords',
  gender: 'users.gender',
  signature: 'users.signatureLong',
  email: 'users.email',
  code: 'users.emailCode',
  oldPassword: 'users.oldPassword',
  device: 'users.chooseDevice',
  qrText: 'users.qrInvalid',
  qrExpired: 'users.qrExpired',
} as const satisfies Record<string, ErrorKey>;
