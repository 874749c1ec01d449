import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import { refuse } from '../../http/envelope.ts';
import type { Router } from '../../http/route.ts';
import type { AuthService, ClientMeta } from './service.ts';

export function clientMeta(req: FastifyRequest): ClientMeta {
  const cid = req.headers.cid;
  return {
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
    cid: typeof cid === 'string' ? cid : '',
  };
}

export function authRoutes(r: Router, ctx: AppContext, auth: AuthService): void {
  r.handle('register', ({ body, req }) => auth.register(body, clientMeta(req)));
  r.handle('login', ({ body, req }) => auth.login(body, clientMeta(req)));
  r.handle('logout', async ({ user }) => {
    await auth.logout(user);
    return null;
  });
  r.handle('bindUid', ({ body, user }) => {
    const bound = ctx.hub.bind(body.client_id, user.userId, user.sessionId);
    if (bound === 'taken') throw fail('security.socketTaken');
    if (bound === 'elsewhere' && !ctx.config.redisUrl) throw refuse.notFound('That connection is gone. Reconnect and try again.');
    return { user_id: user.userId, client_id: body.client_id };
  });
}
