import { chatNoticeSchema, chatTopSchema, isReadPushSchema } from '../../api/messages.ts';

export const conversationsPushes = {
  /** I pinned or unpinned a conversation on another device */
  setChatTop: chatTopSchema,
  /** I changed a conversation's notifications on another device */
  setIsNotice: chatNoticeSchema,
  /** a private chat was read up to msg_id (by the other side, or by me elsewhere) */
  isRead: isReadPushSchema,
};
