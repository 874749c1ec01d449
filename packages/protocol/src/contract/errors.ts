import type { ErrorDef } from './define.ts';
import { commonErrors } from './errors/common.ts';
import { securityErrors } from './errors/security.ts';
import { systemErrors } from './errors/system.ts';
import { redPacketErrors } from './errors/redpackets.ts';
import { walletErrors } from './errors/wallet.ts';

/**
 * Every refusal the server can answer, by stable key. A refusal is
 * `{code, msg, data: null, key, params?}`; the web translates `key` (never `msg`).
 * Add a domain: write `errors/<domain>.ts` and spread it here.
 */
export const errors = {
  ...commonErrors,
  ...systemErrors,
  ...securityErrors,
  ...walletErrors,
  ...redPacketErrors,
} satisfies Record<string, ErrorDef>;

export type ErrorKey = keyof typeof errors;
export const ERROR_KEYS = Object.keys(errors) as ErrorKey[];
