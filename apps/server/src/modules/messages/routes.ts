import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Router } from '../../http/route.ts';
import type { SystemService } from '../system/service.ts';
import { messageService } from './service.ts';

/** The sending socket (`clientId` header): it gets the answer, so pushes skip it. */
export function clientIdOf(req: FastifyRequest): string | undefined {
  const raw = req.headers.clientid;
  return typeof raw === 'string' && raw.length > 0 && raw.length <= 64 ? raw : undefined;
}

/** Messages under /enterprise/im/ (docs/api/messages.md). */
export function messageRoutes(r: Router, ctx: AppContext, system: SystemService): void {
  const svc = messageService(ctx, system);
  r.handle('sendMessage', ({ body, user, req }) => svc.send(user.userId, body, clientIdOf(req)));
  r.handle('getMessageList', ({ body, user }) => svc.list(user.userId, body));
  r.handle('undoMessage', ({ body, user, req }) => svc.recall(user.userId, body.id, clientIdOf(req)));
  r.handle('delMessage', ({ body, user }) => svc.deleteForMe(user.userId, body.id));
  r.handle('forwardMessage', ({ body, user, req }) => svc.forward(user.userId, body, clientIdOf(req)));
  r.handle('searchMessages', ({ body, user }) => svc.search(user.userId, body.keywords, body.limit));
  r.handle('getAdminNotice', ({ body, user }) => svc.adminNotices(user.userId, body.page, body.limit));
}
