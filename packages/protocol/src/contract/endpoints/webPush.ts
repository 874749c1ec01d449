import { z } from 'zod';
import { bitSchema } from '../../entities.ts';
import { endpoint } from '../define.ts';
import { WEB_PUSH_ENDPOINT_MAX, } from './webPushRules.ts';
export * from './webPushRules.ts';

/**
 * Web Push (VAPID): a browser's push subscription is kept per user and session; a message for a
 * user with no socket open anywhere reaches their subscribed browsers as an encrypted push.
 */

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
