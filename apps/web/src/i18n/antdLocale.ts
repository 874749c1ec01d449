import { setDefaultConfig } from 'antd-mobile';
import type enUS from 'antd-mobile/es/locales/en-US';
import type { LanguageCode } from './languages.ts';

type AntdLocale = { default: typeof enUS };

/** antd-mobile's own texts (clear buttons, pull-to-refresh, …), one file per language, fetched on demand. */
const ANTD_LOCALES = {
  en: () => import('antd-mobile/es/locales/en-US'),
  zh: () => import('antd-mobile/es/locales/zh-CN'),
  'zh-Hant': () => import('antd-mobile/es/locales/zh-TW'),
  ja: () => import('antd-mobile/es/locales/ja-JP'),
  ko: () => import('antd-mobile/es/locales/ko-KR'),
  id: () => import('antd-mobile/es/locales/id-ID'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  vi: () => import('antd-mobile/es/locales/vi-VN'),
} satisfies Record<LanguageCode, () => Promise<AntdLocale>>;

/**
 * Loads antd-mobile's texts in `code` and makes them its default: every component (the imperative
 * dialogs and toasts too) reads them from there, so no ConfigProvider is needed.
 */
export async function loadAntdLocale(code: LanguageCode): Promise<void> {
  setDefaultConfig({ locale: (await ANTD_LOCALES[code]()).default });
}
