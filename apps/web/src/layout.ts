import { TOP_BAR } from '@parley/protocol';

/** The top bar's height for this device (spec §9: 50 px on Android, 45 px elsewhere). */
export function topBarHeight(userAgent: string): number {
  return /Android/i.test(userAgent) ? TOP_BAR.androidHeight : TOP_BAR.height;
}

/** The id of the phone-width column the whole app lives in. */
export const APP_COLUMN_ID = 'app-column';

/** Container for popups and sheets, so they open inside the phone column on a wide screen. */
export function appContainer(): HTMLElement {
  return document.getElementById(APP_COLUMN_ID) ?? document.body;
}
