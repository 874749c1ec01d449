import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Router } from '../http/route.ts';
import { authRoutes } from './auth/routes.ts';
import { authService } from './auth/service.ts';
import { conversationRoutes } from './conversations/routes.ts';
import { friendsRoutes } from './friends/routes.ts';
import { groupRoutes } from './groups/routes.ts';
import { groupService } from './groups/service.ts';
import { messageRoutes } from './messages/routes.ts';
import { registerWalletAndRedPackets } from './redpackets/module.ts';
import { systemRoutes } from './system/routes.ts';
import type { SystemService } from './system/service.ts';
import { usersRoutes } from './users/routes.ts';
import { uploadsRoutes } from './uploads/routes.ts';

/** Every domain's routes, in one place. `ctx.sessions` is filled here by the auth module. */
export function registerModules(router: Router, ctx: AppContext, system: SystemService, app: FastifyInstance): void {
  const auth = authService(ctx, system);
  ctx.sessions = auth.resolver;
  authRoutes(router, ctx, auth);
  systemRoutes(router, system);
  friendsRoutes(router, ctx);
  usersRoutes(router, ctx);
  groupRoutes(router, groupService(ctx));
  uploadsRoutes(app, router, ctx);
  conversationRoutes(router, ctx);
  messageRoutes(router, ctx, system);
  registerWalletAndRedPackets(router, ctx, system, app);
}
