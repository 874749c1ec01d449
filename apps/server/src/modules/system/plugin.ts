import { type ModuleOptions, modulePlugin } from '../plugin.ts';
import { systemRoutes } from './routes.ts';
import type { SystemService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the global config (sysInfo); made by the app before the modules, since it keeps the server's secret */
    system: SystemService;
  }
}

export const systemModule = modulePlugin<ModuleOptions & { system: SystemService }>('system', [], (app, { router, system }) => {
  app.decorate('system', system);
  systemRoutes(router, system);
});
