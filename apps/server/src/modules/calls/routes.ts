import type { Router } from '../../http/route.ts';
import { clientIdOf } from '../messages/routes.ts';
import type { CallService } from './service.ts';

/** Calls: `/enterprise/im/sendToMsg` steps and the WebRTC client config. */
export function callsRoutes(r: Router, calls: CallService): void {
  r.handle('sendToMsg', ({ body, user, req }) => calls.step(user.userId, body, clientIdOf(req)));
  r.handle('getCallConfig', () => calls.config());
}
