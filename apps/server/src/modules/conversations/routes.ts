import { clearMessageBody, conversationBody, delChatBody, isNoticeBody, readAtMsgBody, setChatTopBody } from '@parley/protocol';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Router } from '../../http/route.ts';
import { clientIdOf } from '../messages/routes.ts';
import { conversationService } from './service.ts';

/** The chat list and per-conversation settings under /enterprise/im/ (docs/api/messages.md). */
export function conversationRoutes(r: Router, ctx: AppContext): void {
  const svc = conversationService(ctx);
  r.post('/enterprise/im/getContacts', { auth: true, body: z.object({}).loose() }, ({ user }) => svc.contacts(user.userId));
  r.post('/enterprise/im/setMsgIsRead', { auth: true, body: conversationBody }, ({ body, user, req }) =>
    svc.markRead(user.userId, body.toContactId, body.is_group, clientIdOf(req)),
  );
  r.post('/enterprise/im/readAtMsg', { auth: true, body: readAtMsgBody }, ({ body, user }) =>
    svc.markMentionsRead(user.userId, body.toContactId),
  );
  r.post('/enterprise/im/setChatTop', { auth: true, body: setChatTopBody }, ({ body, user, req }) =>
    svc.setTop(user.userId, body.id, body.is_top, clientIdOf(req)),
  );
  r.post('/enterprise/im/isNotice', { auth: true, body: isNoticeBody }, ({ body, user, req }) =>
    svc.setNotice(user.userId, body.id, body.is_notice, clientIdOf(req)),
  );
  r.post('/enterprise/im/delChat', { auth: true, body: delChatBody }, ({ body, user }) => svc.hide(user.userId, body.id));
  r.post(
    '/enterprise/im/clearMessage',
    { auth: true, body: clearMessageBody, summary: 'Clear a conversation’s history for me (Parley addition)' },
    ({ body, user }) => svc.clear(user.userId, body.toContactId),
  );
}
