import { t } from '../i18n/index.ts';

/** The service worker the build writes beside index.html (vite-plugin-pwa, injectManifest: src/pwa/sw.ts). */
const SERVICE_WORKER_URL = './sw.js';

/**
 * A first install downloads every built file (about 340, one after another) and took about 4 s of a
 * slowed phone's CPU: it waits until the app has had this long without a tap or a key, so that the
 * first taps of a first visit do not compete with it.
 */
const QUIET_BEFORE_REGISTERING_MS = 3000;
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Registers the service worker once the app has been left alone for `QUIET_BEFORE_REGISTERING_MS` (or at once when a feature needs it). */
export function registerServiceWorkerWhenQuiet(): void {
  let timer = setTimeout(registerNow, QUIET_BEFORE_REGISTERING_MS);
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(registerNow, QUIET_BEFORE_REGISTERING_MS);
  };
  function registerNow(): void {
    for (const type of INPUT_EVENTS) window.removeEventListener(type, wait, true);
    registerServiceWorker();
  }
  for (const type of INPUT_EVENTS) window.addEventListener(type, wait, { capture: true, passive: true });
}

let registered = false;

/**
 * Registers the service worker (once); when a new version has been deployed and is installed, offers to
 * reload into it. The browser's own API rather than workbox-window (2.3 kB gzip that every start
 * loaded): the first version activates by itself; a later one waits (`sw.ts`) until the page
 * tells it to take over, and the page reloads once it has.
 */
export function registerServiceWorker(): void {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: './' }).then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // (a test browser that blocks service workers answers no registration)
      if (!registration) return;
      // a version installed before this page loaded (the prompt was declined, or the tab was closed) waits already
      if (registration.waiting && navigator.serviceWorker.controller) void offerUpdate(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          // installed while a version controls the page: an update (the first install has no controller)
          if (installing.state === 'installed' && navigator.serviceWorker.controller) void offerUpdate(installing);
        });
      });
    },
    (error: unknown) => console.warn('the service worker could not be registered', error),
  );
}

let offered = false;

async function offerUpdate(waiting: ServiceWorker): Promise<void> {
  if (offered) return;
  offered = true;
  // the dialog's code is fetched only when there is an update to offer
  const { askConfirm } = await import('../components/feedback.tsx');
  const reload = await askConfirm({ content: t('pwa.updateReady'), confirmText: t('pwa.reload'), cancelText: t('pwa.later') });
  if (!reload) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
