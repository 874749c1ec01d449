import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/id';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/th';
import 'dayjs/locale/vi';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, writeValue } from '../stores/localStore.ts';
import {
  detectLanguage,
  FALLBACK_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type LanguageCode,
  languageOf,
} from './languages.ts';
import { translations } from './resources.ts';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export const currentLanguage: LanguageCode = detectLanguage(readString(LANGUAGE_STORAGE_KEY), browserLanguages());

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(translations).map(([code, tree]) => [code, { translation: tree }])),
  lng: currentLanguage,
  supportedLngs: LANGUAGES.map((language) => language.code),
  // Traditional Chinese readers are better served by Simplified Chinese than by English.
  fallbackLng: { 'zh-Hant': ['zh', FALLBACK_LANGUAGE], default: [FALLBACK_LANGUAGE] },
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

const active = languageOf(currentLanguage);
dayjs.locale(active.dayjsLocale);
if (typeof document !== 'undefined') document.documentElement.lang = active.htmlLang;

/** Keeps the choice and restarts the app on the home page so every text is rebuilt in it. */
export function applyLanguage(code: LanguageCode): void {
  writeValue(LANGUAGE_STORAGE_KEY, code);
  window.history.replaceState(null, '', '#/');
  window.location.reload();
}

export const t = i18n.t.bind(i18n);
export default i18n;
