import { modulePlugin } from '../plugin.ts';
import { workRoutes } from './routes.ts';
import { workService } from './service.ts';

export const workModule = modulePlugin('work', ['users'], (_app, { ctx, router }) => {
  workRoutes(router, workService(ctx.db));
});
