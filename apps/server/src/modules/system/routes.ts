import { sendCodeBody } from '@parley/protocol';
import { z } from 'zod';
import type { Router } from '../../http/route.ts';
import type { SystemService } from './service.ts';

export function systemRoutes(r: Router, system: SystemService): void {
  r.post('/common/pub/getSystemInfo', { auth: false, body: z.object({}).loose() }, () => system.systemInfo());
  r.post(
    '/common/pub/checkVersion',
    { auth: false, body: z.object({ versionCode: z.coerce.number().int().optional() }).loose() },
    ({ body }) => system.checkVersion(body.versionCode),
  );
  r.post('/common/pub/sendCode', { auth: false, body: sendCodeBody }, ({ body }) =>
    system.sendCode(body.target, body.purpose),
  );
}
