import { z } from 'zod';
import type { ChatMessage } from '../../api/messages.ts';
import {
  openRedPacketData,
  packetRefBody,
  redPacketLogBody,
  redPacketLogData,
  redPacketDetailsSchema,
  sendRedPacketBody,
} from '../../wallet/schemas.ts';
import { endpoint } from '../define.ts';

export const redPacketEndpoints = {
  sendRedPacket: endpoint({
    path: '/enterprise/im/sendRedPacket',
    access: 'user',
    role: 'a friend (private chat, one share) or a group member; with the payment password',
    body: sendRedPacketBody,
    data: z.object({ message: z.custom<ChatMessage>(() => true), balance: z.string() }),
    domain: 'redpackets',
    summary: 'Send a random or fixed red packet: the red_packet message and its payment in one transaction',
  }),
  getRedPacket: endpoint({
    path: '/enterprise/im/getRedPacket',
    access: 'user',
    role: 'the sender, the recipient (private) or a group member',
    body: packetRefBody,
    data: redPacketDetailsSchema,
    domain: 'redpackets',
    summary: "A red packet's details: claims, the lucky winner, my share",
  }),
  openRedPacket: endpoint({
    path: '/enterprise/im/openRedPacket',
    socket: true,
    access: 'user',
    role: 'the recipient (private) or a group member, the sender included',
    body: packetRefBody,
    data: openRedPacketData,
    domain: 'redpackets',
    summary: 'Claim the next share: success, soldOut, alreadyClaimed, tooSlow, notCaptured or expired',
  }),
  RedPacketLog: endpoint({
    path: '/enterprise/im/RedPacketLog',
    access: 'user',
    body: redPacketLogBody,
    data: redPacketLogData,
    domain: 'redpackets',
    summary: 'Red packets I received or sent in a year, with the year’s totals',
  }),
};
