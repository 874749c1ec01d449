import { z } from 'zod';

/** Global config kept in the database and answered by getSystemInfo (`sysInfo`). */
export const sysInfoSchema = z.object({
  multipleLogin: z.boolean(),
  disablePrivateChat: z.boolean(),
  disableCalls: z.boolean(),
  registrationOpen: z.boolean(),
  siteName: z.string(),
});
export type SysInfo = z.infer<typeof sysInfoSchema>;

export const DEFAULT_SYS_INFO: SysInfo = {
  multipleLogin: false,
  disablePrivateChat: false,
  disableCalls: false,
  registrationOpen: true,
  siteName: 'Parley',
};

export interface SystemInfo {
  sysInfo: SysInfo;
  version: string;
  versionCode: number;
}
