import type { Router } from '../../http/route.ts';
import { clientIdOf } from '../messages/routes.ts';
import type { RedPacketService } from './service.ts';

export function redPacketRoutes(r: Router, packets: RedPacketService): void {
  r.handle('sendRedPacket', ({ user, body, req }) => packets.send(user.userId, body, clientIdOf(req)));
  r.handle('getRedPacket', ({ user, body }) => packets.get(user.userId, body.msg_id));
  r.handle('openRedPacket', ({ user, body }) => packets.open(user.userId, body.msg_id));
  r.handle('RedPacketLog', ({ user, body }) => packets.log(user.userId, body));
}
