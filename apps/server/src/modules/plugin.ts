import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import type { Router } from '../http/route.ts';

/** The server's domains, one folder of `modules/` each. */
export type ModuleName =
  | 'auth'
  | 'calls'
  | 'conversations'
  | 'docs'
  | 'emoji'
  | 'favorites'
  | 'friends'
  | 'groups'
  | 'messages'
  | 'moments'
  | 'redpackets'
  | 'system'
  | 'translate'
  | 'uploads'
  | 'users'
  | 'wallet'
  | 'webpush'
  | 'work';

/** What every domain plugin is given: the shared context and the router of the endpoint table. */
export interface ModuleOptions {
  ctx: AppContext;
  router: Router;
}

/**
 * A domain as a Fastify plugin named after its folder. `dependencies` are the domains whose service
 * (a decoration such as `app.messages`) or files it uses: Fastify refuses to start when one of them
 * is not registered before it. Not encapsulated, so its decorations and hooks reach the whole app.
 */
export function modulePlugin<O extends ModuleOptions = ModuleOptions>(
  name: ModuleName,
  dependencies: ModuleName[],
  register: (app: FastifyInstance, options: O) => Promise<void> | void,
) {
  return fp<O>(async (app, options) => register(app, options), { name, dependencies, fastify: '5.x' });
}
