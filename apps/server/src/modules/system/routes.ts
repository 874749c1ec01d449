import type { Router } from '../../http/route.ts';
import type { SystemService } from './service.ts';

export function systemRoutes(r: Router, system: SystemService): void {
  r.handle('getSystemInfo', () => system.systemInfo());
  r.handle('checkVersion', ({ body }) => system.checkVersion(body.versionCode));
  r.handle('sendCode', ({ body }) => system.sendCode(body.target, body.purpose));
}
