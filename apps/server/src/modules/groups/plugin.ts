import { modulePlugin } from '../plugin.ts';
import { groupRoutes } from './routes.ts';
import { groupService } from './service.ts';

export const groupsModule = modulePlugin('groups', ['system', 'users', 'conversations', 'messages'], (app, { ctx, router }) => {
  groupRoutes(router, groupService(ctx, app.system));
});
