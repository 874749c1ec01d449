import { modulePlugin } from '../plugin.ts';
import { usersRoutes } from './routes.ts';

export const usersModule = modulePlugin('users', ['auth'], (_app, { ctx, router }) => {
  usersRoutes(router, ctx);
});
