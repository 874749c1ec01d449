import { modulePlugin } from '../plugin.ts';
import { authRoutes } from './routes.ts';
import { authService } from './service.ts';

/** Sign-up, sign-in and sessions: fills `ctx.sessions`, the resolver every signed-in route and socket uses. */
export const authModule = modulePlugin('auth', ['system'], (app, { ctx, router }) => {
  const auth = authService(ctx, app.system);
  ctx.sessions = auth.resolver;
  authRoutes(router, ctx, auth);
});
