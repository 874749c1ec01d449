import { registerSW } from 'virtual:pwa-register';
import { t } from '../i18n/index.ts';

/** Registers the service worker; when a new version has been deployed, offers to reload into it. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    async onNeedRefresh() {
      // the dialog's code is fetched only when there is an update to offer
      const { askConfirm } = await import('../components/feedback.tsx');
      const reload = await askConfirm({ content: t('pwa.updateReady'), confirmText: t('pwa.reload'), cancelText: t('pwa.later') });
      if (reload) void update(true);
    },
  });
}
