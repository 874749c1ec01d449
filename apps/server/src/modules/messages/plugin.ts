import { modulePlugin } from '../plugin.ts';
import { messageRoutes } from './routes.ts';
import { searchIndexer } from './searchIndex.ts';
import { type MessageService, messageService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** sending and reading messages, for the modules that send or read them (red packets, calls, favorites…) */
    messages: MessageService;
  }
}

export const messagesModule = modulePlugin('messages', ['system', 'conversations', 'uploads', 'users', 'work'], (app, { ctx, router }) => {
  const messages = messageService(ctx, app.system);
  app.decorate('messages', messages);
  messageRoutes(router, messages);
  const indexer = searchIndexer(ctx.db, ctx.dialect, ctx.config.searchIndexIntervalMs, (err) => ctx.log.error({ err }, 'search indexing failed'));
  app.addHook('onReady', async () => indexer.start());
  app.addHook('onClose', () => indexer.stop());
});
