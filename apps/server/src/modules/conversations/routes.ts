import type { Router } from '../../http/route.ts';
import { ownSocketOf } from '../../http/clientId.ts';
import type { ConversationService } from './service.ts';

/** The chat list and per-conversation settings under /enterprise/im/ (docs/api/messages.md). */
export function conversationRoutes(r: Router, svc: ConversationService): void {
  r.handle('getContacts', ({ user }) => svc.contacts(user.userId));
  r.handle('setMsgIsRead', ({ body, user, req }) => svc.markRead(user.userId, body.toContactId, body.is_group, ownSocketOf(req, user.userId)));
  r.handle('readAtMsg', ({ body, user }) => svc.markMentionsRead(user.userId, body.toContactId));
  r.handle('setChatTop', ({ body, user, req }) => svc.setTop(user.userId, body.id, body.is_top, ownSocketOf(req, user.userId)));
  r.handle('isNotice', ({ body, user, req }) => svc.setNotice(user.userId, body.id, body.is_notice, ownSocketOf(req, user.userId)));
  r.handle('delChat', ({ body, user }) => svc.hide(user.userId, body.id));
  r.handle('clearMessage', ({ body, user }) => svc.clear(user.userId, body.toContactId));
}
