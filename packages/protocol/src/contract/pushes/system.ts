import { z } from 'zod';
import { sysInfoSchema } from '../../api/system.ts';

export const systemPushes = {
  /** the global config changed (admin command) */
  updateConfig: z.object({ sysInfo: sysInfoSchema }),
};
