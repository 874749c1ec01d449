import type { Router } from '../../http/route.ts';
import type { WebPushService } from './service.ts';

export function webPushRoutes(r: Router, svc: WebPushService): void {
  r.handle('webPushKey', () => svc.publicKey());
  r.handle('webPushSubscribe', ({ body, user }) => svc.subscribe(user, body));
  r.handle('webPushUnsubscribe', ({ body, user }) => svc.unsubscribe(user.userId, body.endpoint));
  r.handle('webPushSettings', ({ user }) => svc.settings(user.userId));
  r.handle('webPushSetPreview', ({ body, user }) => svc.setPreview(user.userId, body.preview));
}
