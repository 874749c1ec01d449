import { ECDH } from 'node:crypto';
import {
  type ChatMessage,
  mentionsUser,
  parseGroupContactId,
  type PushSubscriptionBody,
  SERVER_MESSAGE_TYPES,
  WEB_PUSH_PER_MESSAGE_MAX,
  WEB_PUSH_SUBSCRIPTIONS_MAX,
  type WebPushSettings,
} from '@parley/protocol';
import type { AppContext, NewMessage } from '../../context.ts';
import { fail } from '../../domainError.ts';
import type { AuthUser } from '../../session.ts';
import type { ConversationService } from '../conversations/service.ts';
import type { SystemService } from '../system/service.ts';
import { pushPayloadOf, readerChatId } from './payload.ts';
import { type PushSender, pushSender, type VapidKeys, webPushLibrary } from './sender.ts';
import { type PushTarget, webPushStore } from './store.ts';

/** Offline recipients are looked up this many at a time (one indexed query each). */
const LOOKUP_CHUNK = 500;
/** The config-table key of the VAPID key pair, made at the first start. */
const VAPID_CONFIG_KEY = 'vapid';

/** Whether a base64url text is a point of P-256 (a browser's `p256dh` key). */
function isP256Point(key: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(key, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** Who may get a push of a new message: its recipients but the sender; none for server notices, broadcasts and recalls. */
function pushRecipients({ message, recipients }: NewMessage): readonly number[] {
  if (recipients === 'all' || message.is_undo === 1 || (SERVER_MESSAGE_TYPES as readonly string[]).includes(message.type)) return [];
  return recipients;
}

/**
 * Web Push: subscriptions per user and session, the preview setting, and the pushes of new
 * messages to recipients with no socket open on any node. A recipient who turned the chat's
 * notifications off gets none, unless the message mentions them (or everyone).
 */
export function webPushService(
  ctx: AppContext,
  system: Pick<SystemService, 'kept'>,
  conversations: Pick<ConversationService, 'mutedAmong'>,
  now: () => number = Date.now,
) {
  const store = webPushStore(ctx.db);
  let ready: Promise<{ keys: VapidKeys; sender: PushSender }> | undefined;

  /** The VAPID keys (made and kept at the first start) and the sender signing with them. */
  function vapid() {
    ready ??= system
      .kept<VapidKeys>(VAPID_CONFIG_KEY, async () => (await webPushLibrary()).generateVAPIDKeys())
      .then((keys) => ({ keys, sender: pushSender(keys, ctx.log, !ctx.config.webPushPrivateEndpoints) }))
      .catch((err: unknown) => {
        ready = undefined;
        throw err;
      });
    return ready;
  }

  async function settings(me: number): Promise<WebPushSettings> {
    return { preview: (await store.preview(me)) === 0 ? 0 : 1 };
  }

  /** The push title per reader: the group's name, or the sender as the reader calls them. */
  async function titleOf(message: ChatMessage, readers: number[]): Promise<(reader: number) => string> {
    const sender = message.fromUser;
    if (message.is_group === 1) {
      const group = await ctx.groups.group(parseGroupContactId(String(message.toContactId)) ?? 0);
      const name = group?.name || sender.displayName;
      return () => name;
    }
    const remarks = new Map<number, string>();
    for (const reader of readers) {
      const remark = (await ctx.friends.remarksOf(reader, [sender.id])).get(sender.id);
      if (remark) remarks.set(reader, remark);
    }
    return (reader) => remarks.get(reader) ?? sender.displayName;
  }

  /** The targets whose owner hears this chat: notifications on, or mentioned. */
  async function audible(message: ChatMessage, targets: PushTarget[]): Promise<PushTarget[]> {
    const muted = await conversations.mutedAmong(readerChatId(message), [...new Set(targets.map((t) => t.user_id))]);
    return targets.filter((t) => !muted.has(t.user_id) || mentionsUser(message, t.user_id));
  }

  async function pushTo(message: ChatMessage, targets: PushTarget[]): Promise<void> {
    if (targets.length === 0) return;
    const { sender } = await vapid();
    const title = await titleOf(message, [...new Set(targets.map((t) => t.user_id))]);
    const outcomes = await Promise.all(
      targets.map((t) => sender.send(message.fromUser.id, t, JSON.stringify(pushPayloadOf(message, t.user_id, title(t.user_id), t.preview === 1)))),
    );
    await store.removeIds(targets.filter((_, i) => outcomes[i] === 'gone').map((t) => t.id));
  }

  /** Pushes `message` to the subscriptions of the `offline` recipients (at most WEB_PUSH_PER_MESSAGE_MAX). */
  async function pushToOffline(message: ChatMessage, offline: number[]): Promise<void> {
    let budget = WEB_PUSH_PER_MESSAGE_MAX;
    for (let i = 0; i < offline.length && budget > 0; i += LOOKUP_CHUNK) {
      const targets = await audible(message, await store.targetsOf(offline.slice(i, i + LOOKUP_CHUNK), budget));
      budget -= targets.length;
      await pushTo(message, targets);
    }
  }

  return {
    async publicKey(): Promise<{ publicKey: string }> {
      return { publicKey: (await vapid()).keys.publicKey };
    },

    /** Keeps the subscription for this user and session (the same endpoint again: moved to them). */
    async subscribe(user: AuthUser, sub: PushSubscriptionBody): Promise<WebPushSettings> {
      if (!isP256Point(sub.keys.p256dh)) throw fail('webpush.keysInvalid');
      if (!ctx.config.webPushPrivateEndpoints && !(await import('./endpointGuard.ts')).isPublicEndpoint(sub.endpoint)) throw fail('webpush.endpointPrivate');
      const { endpoint, keys } = sub;
      await store.save({ user_id: user.userId, session_id: user.sessionId, endpoint, p256dh: keys.p256dh, auth: keys.auth, created_at: now() });
      await store.trim(user.userId, WEB_PUSH_SUBSCRIPTIONS_MAX);
      return settings(user.userId);
    },

    async unsubscribe(me: number, endpoint: string): Promise<null> {
      if (!(await store.removeOwn(me, endpoint))) throw fail('webpush.notFound');
      return null;
    },

    settings,

    async setPreview(me: number, preview: 0 | 1): Promise<WebPushSettings> {
      await store.setPreview(me, preview, now());
      return { preview };
    },

    /** Listener of `ctx.newMessages`: the pushes go out after the answer, in `ctx.background`. */
    notify(event: NewMessage): void {
      // offline everywhere, the sender aside (a group's member list is the same array message after message: the hub keeps who of it is offline)
      const offline = ctx.hub.offlineAmong(pushRecipients(event)).filter((id) => id !== event.message.fromUser.id);
      if (offline.length > 0) ctx.background.run('web push', () => pushToOffline(event.message, offline));
    },

    /** Listener of `ctx.sessionsEnded`: a signed-out browser gets no more pushes. */
    forgetSessions: (sessionIds: number[]) => store.removeOfSessions(sessionIds),
  };
}

export type WebPushService = ReturnType<typeof webPushService>;
