import { Dialog } from 'antd-mobile';
import { registerSW } from 'virtual:pwa-register';
import { t } from '../i18n/index.ts';

/** Registers the service worker; when a new version has been deployed, offers to reload into it. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      void Dialog.confirm({ content: t('pwa.updateReady'), confirmText: t('pwa.reload'), cancelText: t('pwa.later') }).then((reload) => {
        if (reload) void update(true);
      });
    },
  });
}
