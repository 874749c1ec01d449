/** The id of the phone-width column the whole app lives in. */
export const APP_COLUMN_ID = 'app-column';

/** Container for popups and sheets, so they open inside the phone column on a wide screen. */
export function appContainer(): HTMLElement {
  return document.getElementById(APP_COLUMN_ID) ?? document.body;
}
