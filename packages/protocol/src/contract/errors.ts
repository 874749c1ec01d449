import { type ErrorDef, type ErrorParams, formatErrorText } from './define.ts';
import { authErrors } from './errors/auth.ts';
import { commonErrors } from './errors/common.ts';
import { conversationsErrors } from './errors/conversations.ts';
import { friendsErrors } from './errors/friends.ts';
import { groupsErrors } from './errors/groups.ts';
import { messagesErrors } from './errors/messages.ts';
import { securityErrors } from './errors/security.ts';
import { systemErrors } from './errors/system.ts';
import { uploadsErrors } from './errors/uploads.ts';
import { usersErrors } from './errors/users.ts';
import { validationErrors } from './errors/validation.ts';
import { redPacketErrors } from './errors/redpackets.ts';
import { walletErrors } from './errors/wallet.ts';
import { callsErrors } from './errors/calls.ts';
import { translateErrors } from './errors/translate.ts';
import { workErrors } from './errors/work.ts';
import { docsErrors } from './errors/docs.ts';
import { momentsErrors } from './errors/moments.ts';
import { favoritesErrors } from './errors/favorites.ts';
import { webPushErrors } from './errors/webPush.ts';

/**
 * Every refusal the server can answer, by stable key. A refusal is
 * `{code, msg, data: null, key, params?}`; the web translates `key` (never `msg`).
 * Add a domain: write `errors/<domain>.ts` and spread it here.
 */
export const errors = {
  ...commonErrors,
  ...systemErrors,
  ...validationErrors,
  ...authErrors,
  ...usersErrors,
  ...friendsErrors,
  ...conversationsErrors,
  ...messagesErrors,
  ...groupsErrors,
  ...uploadsErrors,
  ...securityErrors,
  ...walletErrors,
  ...redPacketErrors,
  ...callsErrors,
  ...translateErrors,
  ...workErrors,
  ...docsErrors,
  ...momentsErrors,
  ...favoritesErrors,
  ...webPushErrors,
} satisfies Record<string, ErrorDef>;

export type ErrorKey = keyof typeof errors;
export const ERROR_KEYS = Object.keys(errors) as ErrorKey[];

/** Whether `text` is a key of the table (zod messages of the protocol's schemas are keys). */
export function isErrorKey(text: unknown): text is ErrorKey {
  return typeof text === 'string' && Object.hasOwn(errors, text);
}

/** The English text of a key with its parameters (the table's defaults, then `params`). */
export function errorText(key: ErrorKey, params?: ErrorParams): string {
  const def: ErrorDef = errors[key];
  return formatErrorText(def.text, { ...def.params, ...params });
}
