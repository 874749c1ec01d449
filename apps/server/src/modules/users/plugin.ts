import { modulePlugin } from '../plugin.ts';
import { usersRoutes } from './routes.ts';
import { usersService } from './service.ts';

export const usersModule = modulePlugin('users', ['auth', 'system'], (app, { ctx, router }) => {
  usersRoutes(router, usersService(ctx, app.system));
});
