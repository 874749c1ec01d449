import { modulePlugin } from '../plugin.ts';
import { conversationRoutes } from './routes.ts';
import { type ConversationService, conversationService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the chat list and its per-user settings, for the modules that read them (web push: muted chats) */
    conversations: ConversationService;
  }
}

export const conversationsModule = modulePlugin('conversations', ['users'], (app, { ctx, router }) => {
  const conversations = conversationService(ctx);
  app.decorate('conversations', conversations);
  conversationRoutes(router, conversations);
});
