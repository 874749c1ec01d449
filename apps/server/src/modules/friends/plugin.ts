import { modulePlugin } from '../plugin.ts';
import { friendsRoutes } from './routes.ts';

export const friendsModule = modulePlugin('friends', ['users', 'conversations', 'messages'], (_app, { ctx, router }) => {
  friendsRoutes(router, ctx);
});
