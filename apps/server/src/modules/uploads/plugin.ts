import { modulePlugin } from '../plugin.ts';
import { uploadsRoutes } from './routes.ts';

export const uploadsModule = modulePlugin('uploads', ['users'], (app, { ctx, router }) => {
  uploadsRoutes(app, router, ctx);
});
