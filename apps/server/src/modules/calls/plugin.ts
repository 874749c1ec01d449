import { modulePlugin } from '../plugin.ts';
import { callsRoutes } from './routes.ts';
import { callService } from './service.ts';

/** Calls: their routes, a dropped socket hanging up its calls, and calls left over from the last run ended at start. */
export const callsModule = modulePlugin('calls', ['system', 'messages', 'users'], (app, { ctx, router }) => {
  const calls = callService(ctx, app.system, app.messages);
  callsRoutes(router, calls);
  ctx.hub.onDisconnect((clientId) => {
    calls.socketDropped(clientId).catch((err) => ctx.log.warn({ err }, 'call drop check failed'));
  });
  app.addHook('onClose', async () => calls.stop());
  app.addHook('onReady', async () => {
    try {
      const ended = await calls.recover();
      if (ended > 0) ctx.log.info({ ended }, 'calls left over from the last run ended');
    } catch (err) {
      ctx.log.warn({ err }, 'ending left-over calls failed');
    }
  });
});
