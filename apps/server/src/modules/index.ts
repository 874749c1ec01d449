import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Router } from '../http/route.ts';
import { authRoutes } from './auth/routes.ts';
import { authService } from './auth/service.ts';
import { callsRoutes } from './calls/routes.ts';
import { callService } from './calls/service.ts';
import { conversationRoutes } from './conversations/routes.ts';
import { docsRoutes } from './docs/routes.ts';
import { docsService } from './docs/service.ts';
import { friendsRoutes } from './friends/routes.ts';
import { groupRoutes } from './groups/routes.ts';
import { groupService } from './groups/service.ts';
import { messageRoutes } from './messages/routes.ts';
import { messageService } from './messages/service.ts';
import { emojiRoutes } from './emoji/routes.ts';
import { emojiService } from './emoji/service.ts';
import { favoritesRoutes } from './favorites/routes.ts';
import { favoritesService } from './favorites/service.ts';
import { momentsRoutes } from './moments/routes.ts';
import { momentsService } from './moments/service.ts';
import { registerWalletAndRedPackets } from './redpackets/module.ts';
import { systemRoutes } from './system/routes.ts';
import type { SystemService } from './system/service.ts';
import { translateRoutes } from './translate/routes.ts';
import { translateService } from './translate/service.ts';
import { registerWebPush } from './webpush/module.ts';
import { usersRoutes } from './users/routes.ts';
import { uploadsRoutes } from './uploads/routes.ts';
import { workRoutes } from './work/routes.ts';
import { workService } from './work/service.ts';

/** Every domain's routes, in one place. `ctx.sessions` is filled here by the auth module. */
export function registerModules(router: Router, ctx: AppContext, system: SystemService, app: FastifyInstance): void {
  const auth = authService(ctx, system);
  ctx.sessions = auth.resolver;
  authRoutes(router, ctx, auth);
  systemRoutes(router, system);
  friendsRoutes(router, ctx);
  usersRoutes(router, ctx);
  groupRoutes(router, groupService(ctx, system));
  uploadsRoutes(app, router, ctx);
  conversationRoutes(router, ctx);
  messageRoutes(router, ctx, system);
  translateRoutes(router, translateService(ctx, messageService(ctx, system)));
  workRoutes(router, workService(ctx.db));
  const docs = docsService(ctx.db);
  docsRoutes(router, docs);
  app.addHook('onReady', async () => {
    const written = await docs.seed();
    if (written > 0) ctx.log.info({ written }, 'starter help articles written');
  });
  momentsRoutes(router, momentsService(ctx));
  favoritesRoutes(router, favoritesService(ctx, messageService(ctx, system)));
  emojiRoutes(router, emojiService(ctx));
  registerWalletAndRedPackets(router, ctx, system, app);
  registerWebPush(router, ctx, system, app);
  const calls = callService(ctx, system, messageService(ctx, system));
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
}
