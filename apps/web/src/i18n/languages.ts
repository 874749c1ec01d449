/** The languages of the picker (spec §1), each named in itself. English is the fallback. */
export const LANGUAGES = [
  { code: 'en', nativeName: 'English', htmlLang: 'en' },
  { code: 'zh', nativeName: '简体中文', htmlLang: 'zh-CN' },
  { code: 'zh-Hant', nativeName: '繁體中文', htmlLang: 'zh-Hant' },
  { code: 'ja', nativeName: '日本語', htmlLang: 'ja' },
  { code: 'ko', nativeName: '한국어', htmlLang: 'ko' },
  { code: 'id', nativeName: 'Bahasa Indonesia', htmlLang: 'id' },
  { code: 'th', nativeName: 'ไทย', htmlLang: 'th' },
  { code: 'fr', nativeName: 'Français', htmlLang: 'fr' },
  { code: 'es', nativeName: 'Español', htmlLang: 'es' },
  { code: 'vi', nativeName: 'Tiếng Việt', htmlLang: 'vi' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type Language = (typeof LANGUAGES)[number];

export const FALLBACK_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguageCode(value: string): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

export function languageOf(code: LanguageCode): Language {
  return LANGUAGES.find((language) => language.code === code) ?? LANGUAGES[0];
}

/** Maps a browser language tag (zh-TW, pt-BR, in, …) to a supported language, if any. */
export function matchBrowserLanguage(tag: string): LanguageCode | null {
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return /hant|tw|hk|mo/.test(lower) ? 'zh-Hant' : 'zh';
  const base = lower.split('-')[0];
  if (base === 'in') return 'id';
  return isLanguageCode(base) ? base : null;
}

/** The stored choice, else the first supported browser language, else English. */
export function detectLanguage(stored: string | null, browserTags: readonly string[]): LanguageCode {
  if (stored && isLanguageCode(stored)) return stored;
  for (const tag of browserTags) {
    const match = matchBrowserLanguage(tag);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}
