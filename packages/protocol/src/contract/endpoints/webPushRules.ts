/** The longest push-service URL a subscription may name. */
export const WEB_PUSH_ENDPOINT_MAX = 2048;
/** Subscriptions kept per user (browsers and devices); a newer one pushes out the oldest. */
export const WEB_PUSH_SUBSCRIPTIONS_MAX = 20;
/** At most this many subscriptions are pushed for one message (a large group's offline members). */
export const WEB_PUSH_PER_MESSAGE_MAX = 1_000;
/** How long a push service keeps an undelivered push, in seconds. */
export const WEB_PUSH_TTL_SECONDS = 24 * 60 * 60;
/** The message text a push carries is cut to this many characters (a push payload holds about 4 kB). */
export const WEB_PUSH_BODY_MAX = 200;
/** The body of a push when the reader turned message preview off and the message is text. */
export const WEB_PUSH_HIDDEN_LABEL = '[新消息]';

/** The chat page (the web app's hash route `#/pages/message/chat`). */
export const CHAT_ROUTE = '/pages/message/chat';

/** The link a push opens: the chat of `toContactId` (the sender's user id, or `group-<n>`). */
export function chatLink(toContactId: number | string, isGroup: boolean): string {
  return `#${CHAT_ROUTE}?${new URLSearchParams({ toContactId: String(toContactId), is_group: isGroup ? '1' : '0' }).toString()}`;
}
