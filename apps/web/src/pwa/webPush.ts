import { api } from '../api/client.ts';
import { registerServiceWorker } from './registerServiceWorker.ts';

/** Turning Web Push on and off on this device (server: `modules/webpush`). */

export type PushSupport = 'supported' | 'unsupported';

export const pushSupport = (): PushSupport =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window
    ? 'supported'
    : 'unsupported';

/** The VAPID key as the bytes `pushManager.subscribe` wants. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64Url.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushEnabled(): Promise<boolean> {
  return (await currentSubscription()) !== null && Notification.permission === 'granted';
}

/** Asks for permission, subscribes this browser and tells the server; 'denied' when the person said no. */
export async function enablePush(): Promise<'on' | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  // (the worker may still be waiting for a pause in use)
  registerServiceWorker();
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api.call('webPushKey', {});
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
  const json = subscription.toJSON();
  await api.call('webPushSubscribe', { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
  return 'on';
}

/** Stops pushes to this browser (the server forgets the subscription first). */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api.call('webPushUnsubscribe', { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe();
}

/** At logout: the server already dropped the session's subscriptions; the browser drops its own. */
export async function forgetPushLocally(): Promise<void> {
  await (await currentSubscription().catch(() => null))?.unsubscribe();
}
