import { z } from 'zod';
import {
  adminNoticeBody,
  chatMessageSchema,
  forwardMessageBody,
  getMessageListBody,
  messageRefBody,
  messageSearchHitSchema,
  searchMessagesBody,
  sendMessageBody,
} from '../../api/messages.ts';
import { endpoint } from '../define.ts';

const domain = 'messages';

export const messagesEndpoints = {
  sendMessage: endpoint({
    path: '/enterprise/im/sendMessage',
    socket: true,
    access: 'user',
    role: 'private: friends (unless disablePrivateChat); group: a member allowed to speak',
    body: sendMessageBody,
    data: chatMessageSchema,
    domain,
    summary: 'Send a message (idempotent by its client id); committed before the answer',
  }),
  getMessageList: endpoint({
    path: '/enterprise/im/getMessageList',
    access: 'user',
    role: 'a party of the conversation',
    body: getMessageListBody,
    data: z.array(chatMessageSchema),
    domain,
    summary: 'A page of a conversation’s messages, or those after last_msg_id (answer has count, exact up to MESSAGE_COUNT_MAX)',
  }),
  undoMessage: endpoint({
    path: '/enterprise/im/undoMessage',
    access: 'user',
    role: 'the sender within 2 minutes; a group owner or admin for plain members’ messages',
    body: messageRefBody,
    data: chatMessageSchema,
    domain,
    summary: 'Recall a message for everyone (pushes undoMessage)',
  }),
  delMessage: endpoint({
    path: '/enterprise/im/delMessage',
    access: 'user',
    role: 'a party of the conversation',
    body: messageRefBody,
    data: z.object({ msg_id: z.number().int() }),
    domain,
    summary: 'Delete a message for me only',
  }),
  forwardMessage: endpoint({
    path: '/enterprise/im/forwardMessage',
    access: 'user',
    role: 'the messages must be visible to me; each target one I may send to',
    body: forwardMessageBody,
    data: z.array(chatMessageSchema),
    domain,
    summary: 'Forward messages one by one or merged (merge: 1) to up to 9 contacts',
  }),
  searchMessages: endpoint({
    path: '/enterprise/im/searchMessages',
    access: 'user',
    body: searchMessagesBody,
    data: z.array(messageSearchHitSchema),
    domain,
    summary: 'Search my messages by keywords, grouped by conversation',
  }),
  getAdminNotice: endpoint({
    path: '/enterprise/im/getAdminNotice',
    access: 'user',
    body: adminNoticeBody,
    data: z.array(chatMessageSchema),
    domain,
    summary: 'A page of the system notices addressed to me or everyone (answer has count)',
  }),
};
