import type { AppContext } from '../context.ts';
import type { Router } from '../http/route.ts';
import { authRoutes } from './auth/routes.ts';
import { authService } from './auth/service.ts';
import { systemRoutes } from './system/routes.ts';
import type { SystemService } from './system/service.ts';

/** Every domain's routes, in one place. `ctx.sessions` is filled here by the auth module. */
export function registerModules(router: Router, ctx: AppContext, system: SystemService): void {
  const auth = authService(ctx, system);
  ctx.sessions = auth.resolver;
  authRoutes(router, ctx, auth);
  systemRoutes(router, system);
}
