import { modulePlugin } from '../plugin.ts';
import { translateRoutes } from './routes.ts';
import { translateService } from './service.ts';

export const translateModule = modulePlugin('translate', ['messages', 'uploads'], (app, { ctx, router }) => {
  translateRoutes(router, translateService(ctx, app.messages));
});
