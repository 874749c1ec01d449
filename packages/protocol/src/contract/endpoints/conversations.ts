import { z } from 'zod';
import {
  chatContactSchema,
  chatNoticeSchema,
  chatTopSchema,
  clearMessageBody,
  contactIdOutSchema,
  conversationBody,
  delChatBody,
  isNoticeBody,
  readAtMsgBody,
  readMarkSchema,
  setChatTopBody,
} from '../../api/messages.ts';
import { endpoint } from '../define.ts';

const domain = 'conversations';
const member = 'a party of the conversation (a member of the group, the friend of a private chat)';

export const conversationsEndpoints = {
  getContacts: endpoint({
    path: '/enterprise/im/getContacts',
    access: 'user',
    body: z.object({}).loose(),
    data: z.array(chatContactSchema),
    domain,
    summary: 'My chat list: every conversation with its last message, unread and mention counts',
  }),
  setMsgIsRead: endpoint({
    path: '/enterprise/im/setMsgIsRead',
    access: 'user',
    role: member,
    body: conversationBody,
    data: readMarkSchema,
    domain,
    summary: 'Mark a conversation read up to its newest message (pushes isRead)',
  }),
  readAtMsg: endpoint({
    path: '/enterprise/im/readAtMsg',
    access: 'user',
    role: member,
    body: readAtMsgBody,
    data: readMarkSchema,
    domain,
    summary: 'Clear the unread mentions of a conversation',
  }),
  setChatTop: endpoint({
    path: '/enterprise/im/setChatTop',
    access: 'user',
    role: member,
    body: setChatTopBody,
    data: chatTopSchema,
    domain,
    summary: 'Pin (1) or unpin (0) a conversation in my chat list',
  }),
  isNotice: endpoint({
    path: '/enterprise/im/isNotice',
    access: 'user',
    role: member,
    body: isNoticeBody,
    data: chatNoticeSchema,
    domain,
    summary: 'Notifications on (1) or do-not-disturb (0) for a conversation',
  }),
  delChat: endpoint({
    path: '/enterprise/im/delChat',
    access: 'user',
    role: member,
    body: delChatBody,
    data: z.object({ id: contactIdOutSchema }),
    domain,
    summary: 'Hide a conversation from my chat list until a new message arrives',
  }),
  clearMessage: endpoint({
    path: '/enterprise/im/clearMessage',
    access: 'user',
    role: member,
    body: clearMessageBody,
    data: z.object({ id: contactIdOutSchema, cleared_msg_id: z.number().int() }),
    domain,
    summary: 'Clear a conversation’s history for me (Parley addition)',
  }),
};
