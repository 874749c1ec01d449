import { chatMessageSchema, undoMessagePushSchema } from '../../api/messages.ts';

export const messagesPushes = {
  /** a new private message (or system notice) */
  simple: chatMessageSchema,
  /** a new group message */
  group: chatMessageSchema,
  /** a message was recalled */
  undoMessage: undoMessagePushSchema,
};
