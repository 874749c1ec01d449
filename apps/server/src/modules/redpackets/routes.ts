import type { Router } from '../../http/route.ts';
import type { RedPacketService } from './service.ts';

export function redPacketRoutes(r: Router, packets: RedPacketService): void {
  // the sender's own sockets get the push too: the send page is not the chat that shows it
  r.handle('sendRedPacket', ({ user, body }) => packets.send(user.userId, body));
  r.handle('getRedPacket', ({ user, body }) => packets.get(user.userId, body.msg_id));
  r.handle('openRedPacket', ({ user, body }) => packets.open(user.userId, body.msg_id));
  r.handle('RedPacketLog', ({ user, body }) => packets.log(user.userId, body));
}
