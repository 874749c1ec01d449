import { modulePlugin } from '../plugin.ts';
import { momentsRoutes } from './routes.ts';
import { momentsService } from './service.ts';

export const momentsModule = modulePlugin('moments', ['uploads', 'users'], (_app, { ctx, router }) => {
  momentsRoutes(router, momentsService(ctx));
});
