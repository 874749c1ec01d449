import { GROUP_MAX_MEMBERS } from './groupRules.ts';
import type { Features, SysInfo } from './system.ts';

/** The global config and features a client assumes before getSystemInfo answers (no schema: the web loads these without zod). */

export const DEFAULT_SYS_INFO: SysInfo = {
  multipleLogin: false,
  disablePrivateChat: false,
  disableCalls: false,
  registrationOpen: true,
  siteName: 'Parley',
  groupMaxMembers: GROUP_MAX_MEMBERS,
};
export const NO_FEATURES: Features = { translate: false, transcribe: false };
