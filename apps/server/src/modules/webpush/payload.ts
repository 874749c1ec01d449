import {
  type ChatMessage,
  chatLastContent,
  chatLink,
  mentionsUser,
  WEB_PUSH_BODY_MAX,
  WEB_PUSH_HIDDEN_LABEL,
  type WebPushPayload,
} from '@parley/protocol';

/** `text` cut to `max` characters (code points, so no emoji is split), with an ellipsis when cut. */
function cut(text: string, max: number): string {
  const chars = [...text.slice(0, max * 2)];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/** The chat a message belongs to, as its reader's chat list names it: the group, or the sender. */
export function readerChatId(message: ChatMessage): string {
  return message.is_group === 1 ? String(message.toContactId) : String(message.fromUser.id);
}

/**
 * What a push of `message` tells `reader`: `title` (the sender's name or the group's), the text or
 * its label (only the label when the reader turned preview off), and the chat it opens.
 */
export function pushPayloadOf(message: ChatMessage, reader: number, title: string, preview: boolean): WebPushPayload {
  const isGroup = message.is_group === 1;
  const chatId = readerChatId(message);
  const last = chatLastContent(message);
  const hidden = !preview && last.key === 'text';
  return {
    title,
    body: hidden ? WEB_PUSH_HIDDEN_LABEL : cut(last.text, WEB_PUSH_BODY_MAX),
    kind: hidden ? 'hidden' : last.key,
    sender: isGroup ? message.fromUser.displayName : '',
    url: chatLink(chatId, isGroup),
    tag: `chat-${chatId}`,
    msg_id: message.msg_id,
    is_group: message.is_group,
    is_at: mentionsUser(message, reader) ? 1 : 0,
  };
}
