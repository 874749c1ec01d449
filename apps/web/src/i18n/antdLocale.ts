import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import idID from 'antd-mobile/es/locales/id-ID';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import thTH from 'antd-mobile/es/locales/th-TH';
import viVN from 'antd-mobile/es/locales/vi-VN';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import type { LanguageCode } from './languages.ts';

/** antd-mobile's own texts (clear buttons, pull-to-refresh, …) in the app's language. */
export const ANTD_LOCALES = {
  en: enUS,
  zh: zhCN,
  'zh-Hant': zhTW,
  ja: jaJP,
  ko: koKR,
  id: idID,
  th: thTH,
  fr: frFR,
  es: esES,
  vi: viVN,
} satisfies Record<LanguageCode, typeof enUS>;
