import type { LanguageCode } from './languages.ts';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import id from './locales/id.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import th from './locales/th.json';
import vi from './locales/vi.json';
import zh from './locales/zh.json';
import zhHant from './locales/zh-Hant.json';

/** One JSON file per language. zh, en, ko and ja are complete; the others may be partial. */
export const translations: Record<LanguageCode, object> = {
  en,
  zh,
  'zh-Hant': zhHant,
  ja,
  ko,
  id,
  th,
  fr,
  es,
  vi,
};

export const COMPLETE_LANGUAGES: readonly LanguageCode[] = ['zh', 'en', 'ko', 'ja'];

export type TranslationTree = typeof en;
