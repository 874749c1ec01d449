/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { notificationOf } from './pushNotification.ts';

/**
 * The service worker: the app shell precached (every built file, so the app opens without a
 * network), page loads answered with the cached `index.html`, Web Push shown as notifications, and
 * a tap on one opening its chat. A new version waits until the page asks it to take over (the
 * update prompt).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/** Server paths that are never the app shell. */
const SERVER_PATHS = /^\/(enterprise|common|collect|uploads|static|wss|docs|healthz|readyz|metrics)(\/|$)/;

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [SERVER_PATHS] }));

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const shown = notificationOf(event.data?.text() ?? '');
  if (shown) event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const hash = String(event.notification.data?.url ?? '');
  event.waitUntil(
    (async () => {
      const target = new URL(`./${hash.startsWith('#') ? hash : ''}`, self.registration.scope).href;
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = open[0] as WindowClient | undefined;
      if (client) {
        await client.focus();
        await client.navigate(target);
      } else await self.clients.openWindow(target);
    })(),
  );
});
