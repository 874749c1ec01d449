import { modulePlugin } from '../plugin.ts';
import { webPushRoutes } from './routes.ts';
import { webPushService } from './service.ts';

/** Web Push: its routes, and what it listens to (new messages, ended sessions); the VAPID keys are made at the first start. */
export const webPushModule = modulePlugin('webpush', ['system', 'conversations'], (app, { ctx, router }) => {
  const webPush = webPushService(ctx, app.system, app.conversations);
  webPushRoutes(router, webPush);
  ctx.newMessages.add((event) => webPush.notify(event));
  ctx.sessionsEnded.add((sessionIds) => webPush.forgetSessions(sessionIds));
  app.addHook('onReady', async () => {
    await webPush.publicKey();
  });
});
