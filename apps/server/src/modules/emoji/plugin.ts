import { modulePlugin } from '../plugin.ts';
import { emojiRoutes } from './routes.ts';
import { emojiService } from './service.ts';

export const emojiModule = modulePlugin('emoji', ['uploads'], (_app, { ctx, router }) => {
  emojiRoutes(router, emojiService(ctx));
});
