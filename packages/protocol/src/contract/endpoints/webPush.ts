import { z } from 'zod';
import { bitSchema } from '../../entities.ts';
import { endpoint } from '../define.ts';

/**
 * Web Push (VAPID): a browser's push subscription is kept per user and session; a message for a
 * user with no socket open anywhere reaches their subscribed browsers as an encrypted push.
 */

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

/**
 * `PushSubscription.toJSON()` of the browser. `p256dh` is the browser's P-256 public key (65 bytes,
 * uncompressed, base64url: 87 characters starting with `B`), `auth` its 16-byte secret (22 characters).
 * Other fields (`expirationTime`) are ignored.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: 'webpush.endpointInvalid' })
    .max(WEB_PUSH_ENDPOINT_MAX, { error: 'webpush.endpointInvalid' })
    .pipe(z.url({ protocol: /^https?$/, error: 'webpush.endpointInvalid' })),
  keys: z.object(
    {
      p256dh: z.string({ error: 'webpush.keysInvalid' }).regex(/^B[A-Za-z0-9_-]{86}=?$/, { error: 'webpush.keysInvalid' }),
      auth: z.string({ error: 'webpush.keysInvalid' }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, { error: 'webpush.keysInvalid' }),
    },
    { error: 'webpush.keysInvalid' },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const webPushSettingsSchema = z.object({
  /** 1: a push shows the message text; 0: only what kind of message it is */
  preview: bitSchema,
});
export type WebPushSettings = z.infer<typeof webPushSettingsSchema>;

/**
 * The JSON a push carries (decrypted by the browser, shown by the service worker). Text is the
 * server's: the worker translates `kind` (the chat list's label keys) into the reader's language.
 */
export const webPushPayloadSchema = z.object({
  /** private chat: the sender's name (my remark for them, else their nickname); group: the group's name */
  title: z.string(),
  /** the message text (at most WEB_PUSH_BODY_MAX characters), or its label (`[图片]` …) */
  body: z.string(),
  /**
   * What `body` is: 'text' (the text itself), a label key of the chat list ('image', 'voice' …,
   * 'forward'), or 'hidden' (WEB_PUSH_HIDDEN_LABEL: preview is off)
   */
  kind: z.string(),
  /** group messages: the sender's nickname (show "name: body"); '' in a private chat */
  sender: z.string(),
  /** the chat's hash route (`chatLink`) */
  url: z.string(),
  /** one notification per chat: a newer push of the same chat replaces the shown one */
  tag: z.string(),
  msg_id: z.number().int(),
  is_group: bitSchema,
  /** 1 when the message mentions the reader (or everyone) */
  is_at: bitSchema,
});
export type WebPushPayload = z.infer<typeof webPushPayloadSchema>;

export const webPushEndpoints = {
  webPushKey: endpoint({
    path: '/enterprise/push/key',
    access: 'user',
    body: z.object({}),
    data: z.object({ publicKey: z.string() }),
    domain: 'webpush',
    summary: 'The server’s VAPID public key (base64url), the applicationServerKey of pushManager.subscribe',
  }),
  webPushSubscribe: endpoint({
    path: '/enterprise/push/subscribe',
    access: 'user',
    body: pushSubscriptionSchema,
    data: webPushSettingsSchema,
    domain: 'webpush',
    summary:
      'Keep this browser’s push subscription for me and this session (the same endpoint again moves it to me); pushes come while I have no socket open',
  }),
  webPushUnsubscribe: endpoint({
    path: '/enterprise/push/unsubscribe',
    access: 'user',
    role: 'the user the subscription belongs to',
    body: z.object({ endpoint: z.string().max(WEB_PUSH_ENDPOINT_MAX, { error: 'webpush.endpointInvalid' }) }),
    data: z.null(),
    domain: 'webpush',
    summary: 'Forget one of my push subscriptions, by its endpoint',
  }),
  webPushSettings: endpoint({
    path: '/enterprise/push/settings',
    access: 'user',
    body: z.object({}),
    data: webPushSettingsSchema,
    domain: 'webpush',
    summary: 'My push settings: whether a push shows the message text (on by default)',
  }),
  webPushSetPreview: endpoint({
    path: '/enterprise/push/setPreview',
    access: 'user',
    body: webPushSettingsSchema,
    data: webPushSettingsSchema,
    domain: 'webpush',
    summary: 'Show the message text in pushes (1) or only what kind of message it is (0)',
  }),
};
