import type { ChatMessage } from '@parley/protocol';
import { t } from '../../../i18n/index.ts';
import type { ConversationRow } from '../../../stores/conversationList.ts';
import { chatPathOf, messagePreview, rowName } from './labels.ts';

/** The words of a system notification for a new message, worded as the chat list words it. */
export function describeMessage(message: ChatMessage, row: ConversationRow | undefined) {
  const preview = messagePreview(message);
  const sender = message.fromUser.displayName;
  return {
    title: row ? rowName(row) : sender || t('chats.notifyFallbackTitle'),
    body: message.is_group ? t('chats.notifyGroupBody', { name: sender, text: preview }) : preview,
    chatPath: row ? chatPathOf(row) : null,
  };
}
