import {
  adminNoticeBody,
  forwardMessageBody,
  getMessageListBody,
  messageRefBody,
  searchMessagesBody,
  sendMessageBody,
} from '@parley/protocol';
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
  r.post('/enterprise/im/sendMessage', { auth: true, body: sendMessageBody }, ({ body, user, req }) =>
    svc.send(user.userId, body, clientIdOf(req)),
  );
  r.post('/enterprise/im/getMessageList', { auth: true, body: getMessageListBody }, ({ body, user }) =>
    svc.list(user.userId, body),
  );
  r.post('/enterprise/im/undoMessage', { auth: true, body: messageRefBody }, ({ body, user, req }) =>
    svc.recall(user.userId, body.id, clientIdOf(req)),
  );
  r.post('/enterprise/im/delMessage', { auth: true, body: messageRefBody }, ({ body, user }) =>
    svc.deleteForMe(user.userId, body.id),
  );
  r.post('/enterprise/im/forwardMessage', { auth: true, body: forwardMessageBody }, ({ body, user, req }) =>
    svc.forward(user.userId, body, clientIdOf(req)),
  );
  r.post('/enterprise/im/searchMessages', { auth: true, body: searchMessagesBody }, ({ body, user }) =>
    svc.search(user.userId, body.keywords, body.limit),
  );
  r.post('/enterprise/im/getAdminNotice', { auth: true, body: adminNoticeBody }, ({ body, user }) =>
    svc.adminNotices(user.userId, body.page, body.limit),
  );
}
