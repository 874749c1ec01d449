import { z } from 'zod';
import { GROUP_MAX_MEMBERS_CEILING } from './groups.ts';
export * from './systemDefaults.ts';

/** Global config kept in the database and answered by getSystemInfo (`sysInfo`). */
export const sysInfoSchema = z.object({
  multipleLogin: z.boolean(),
  disablePrivateChat: z.boolean(),
  disableCalls: z.boolean(),
  registrationOpen: z.boolean(),
  siteName: z.string(),
  /** members one group may have, the creator included */
  groupMaxMembers: z.number().int().min(2).max(GROUP_MAX_MEMBERS_CEILING),
});
export type SysInfo = z.infer<typeof sysInfoSchema>;

/** Optional features that depend on engines the host runs (read from the server's environment). */
export const featuresSchema = z.object({
  /** messages can be translated (TRANSLATE_URL is set) */
  translate: z.boolean(),
  /** voice messages can be converted to text (TRANSCRIBE_URL is set) */
  transcribe: z.boolean(),
});
export type Features = z.infer<typeof featuresSchema>;

export interface SystemInfo {
  sysInfo: SysInfo;
  features: Features;
  version: string;
  versionCode: number;
}
