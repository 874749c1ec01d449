import { z } from 'zod';
import { sendCodeBody } from '../../api/auth.ts';
import { wholeNumber } from '../../api/numbers.ts';
import { featuresSchema, sysInfoSchema } from '../../api/system.ts';
import { endpoint } from '../define.ts';

export const systemEndpoints = {
  getSystemInfo: endpoint({
    path: '/common/pub/getSystemInfo',
    access: 'public',
    body: z.object({}).loose(),
    data: z.object({
      sysInfo: sysInfoSchema,
      features: featuresSchema,
      version: z.string(),
      versionCode: z.number().int(),
    }),
    domain: 'system',
    summary: 'The global config (sysInfo), which optional features are on, and the server version',
  }),
  checkVersion: endpoint({
    path: '/common/pub/checkVersion',
    access: 'public',
    // the build number is required: a client sending only its version name would never hear of an update
    body: z.object({ versionCode: wholeNumber(0, Number.MAX_SAFE_INTEGER) }).loose(),
    data: z.object({ version: z.string(), versionCode: z.number().int(), hasUpdate: z.boolean() }),
    domain: 'system',
    summary: 'Whether a newer app version than versionCode exists',
  }),
  sendCode: endpoint({
    path: '/common/pub/sendCode',
    access: 'public',
    body: sendCodeBody,
    data: z.object({ expires_in: z.number().int() }),
    domain: 'system',
    summary: 'Send a 6-digit verification code by e-mail (or to the log without SMTP)',
  }),
};
