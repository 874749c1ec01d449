import { modulePlugin } from '../plugin.ts';
import { docsRoutes } from './routes.ts';
import { docsService } from './service.ts';

/** Help articles; the starter ones are written at the first start, and at a later start in the docs languages added since (`DocsService.seed`). */
export const docsModule = modulePlugin('docs', [], (app, { ctx, router }) => {
  const docs = docsService(ctx.db);
  docsRoutes(router, docs);
  app.addHook('onReady', async () => {
    const written = await docs.seed();
    if (written > 0) ctx.log.info({ written }, 'starter help articles written');
  });
});
