import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Router } from '../../http/route.ts';
import type { SystemService } from '../system/service.ts';
import { webPushRoutes } from './routes.ts';
import { webPushService } from './service.ts';

/** Web Push: its routes, and what it listens to (new messages, ended sessions); the VAPID keys are made at the first start. */
export function registerWebPush(router: Router, ctx: AppContext, system: SystemService, app: FastifyInstance): void {
  const webPush = webPushService(ctx, system);
  webPushRoutes(router, webPush);
  ctx.newMessages.add((event) => webPush.notify(event));
  ctx.sessionsEnded.add((sessionIds) => webPush.forgetSessions(sessionIds));
  app.addHook('onReady', async () => {
    await webPush.publicKey();
  });
}
