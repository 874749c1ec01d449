import { modulePlugin } from '../plugin.ts';
import { messageRoutes } from './routes.ts';
import { sqliteFiles } from '../../db/searchFile.ts';
import { gramBitsIndexer } from './searchIndex.ts';
import { indexTextWhenNeeded } from './textIndexer.ts';
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
  // SQLite: the search file's worker; PostgreSQL: the gram bits' queue, on the event loop
  const interval = ctx.config.searchIndexIntervalMs;
  if (ctx.dialect === 'sqlite') {
    indexTextWhenNeeded(app, ctx.db, sqliteFiles(ctx.config.dataDir), interval, (error) => ctx.log.error({ error }, 'search indexing failed'));
    return;
  }
  const indexer = gramBitsIndexer(ctx.db, interval, (err) => ctx.log.error({ err }, 'search indexing failed'));
  app.addHook('onReady', async () => indexer.start());
  app.addHook('onClose', async () => indexer.stop());
});
