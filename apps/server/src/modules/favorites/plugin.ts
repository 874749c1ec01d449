import { modulePlugin } from '../plugin.ts';
import { favoritesRoutes } from './routes.ts';
import { favoritesService } from './service.ts';

export const favoritesModule = modulePlugin('favorites', ['messages', 'uploads'], (app, { ctx, router }) => {
  favoritesRoutes(router, favoritesService(ctx, app.messages));
});
