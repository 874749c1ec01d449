import { t } from '../i18n/index.ts';

/** The browser tab's title for a page: its title, then the app's name. */
export function showPageTitle(title: string): void {
  document.title = `${title} · ${t('common.appName')}`;
}
