import { modulePlugin } from '../plugin.ts';
import { messageRoutes } from './routes.ts';
import { sqliteFiles } from '../../db/searchFile.ts';
import { searchIndexer, textIndexBehind } from './searchIndex.ts';
import { startTextIndexer } from './textIndexer.ts';
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
  // SQLite's text index is written by a worker thread (about 10 MB), started once there is something to index
  let textIndexer: { close(): Promise<void> } | undefined;
  const wantsTextIndex = ctx.dialect === 'sqlite' && ctx.config.searchIndexIntervalMs > 0;
  const startText = () => {
    if (!wantsTextIndex || textIndexer) return;
    textIndexer = startTextIndexer(sqliteFiles(ctx.config.dataDir), ctx.config.searchIndexIntervalMs, (error) => ctx.log.error({ error }, 'text indexing failed'));
  };
  const indexer = searchIndexer(ctx.db, ctx.dialect, ctx.config.searchIndexIntervalMs, (err) => ctx.log.error({ err }, 'search indexing failed'), startText);
  app.addHook('onReady', async () => {
    indexer.start();
    if (wantsTextIndex && (await textIndexBehind(ctx.db))) startText();
  });
  app.addHook('onClose', async () => {
    await Promise.all([indexer.stop(), textIndexer?.close()]);
  });
});
