import { ownSocketOf } from '../../http/clientId.ts';
import { heavyLane } from '../../http/heavyLane.ts';
import type { Router } from '../../http/route.ts';
import type { MessageService } from './service.ts';

/** Messages under /enterprise/im/ (docs/api/messages.md). */
export function messageRoutes(r: Router, svc: MessageService): void {
  const heavy = heavyLane();
  r.handle('sendMessage', ({ body, user, clientId }) => svc.send(user.userId, body, clientId));
  r.handle('getMessageList', ({ body, user }) => svc.list(user.userId, body));
  r.handle('undoMessage', ({ body, user, req }) => svc.recall(user.userId, body.id, ownSocketOf(req, user.userId)));
  r.handle('delMessage', ({ body, user }) => svc.deleteForMe(user.userId, body.id));
  r.handle('forwardMessage', ({ body, user, req }) => heavy.run(user.userId, () => svc.forward(user.userId, body, ownSocketOf(req, user.userId))));
  r.handle('searchMessages', ({ body, user }) => heavy.run(user.userId, () => svc.search(user.userId, body.keywords, body.limit)));
  r.handle('getAdminNotice', ({ body, user }) => svc.adminNotices(user.userId, body.page, body.limit));
}
