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
import { loadDomainTexts, loadTranslation, ON_DEMAND_DOMAINS } from './loadTranslation.ts';
import type { LocalePart } from './localeParts.ts';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export const currentLanguage: LanguageCode = detectLanguage(readString(LANGUAGE_STORAGE_KEY), browserLanguages());

/** Traditional Chinese readers are better served by Simplified Chinese than by English. */
const FALLBACKS: Partial<Record<LanguageCode, LanguageCode[]>> = { 'zh-Hant': ['zh', FALLBACK_LANGUAGE] };

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: currentLanguage,
  supportedLngs: LANGUAGES.map((language) => language.code),
  fallbackLng: { ...FALLBACKS, default: [FALLBACK_LANGUAGE] },
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

async function addLanguages(codes: LanguageCode[], parts?: readonly LocalePart[]): Promise<void> {
  const trees = await Promise.all(codes.map((code) => loadTranslation(code, parts)));
  codes.forEach((code, i) => {
    i18n.addResourceBundle(code, 'translation', trees[i], true, true);
  });
}

const loadedParts = new Map<LocalePart, Promise<void>>();

/**
 * The shown language's texts, loaded (`'login'`: the login page's, for a start there; `'all'`:
 * every text of the first screens): the app renders once this settles. Its fallbacks are not
 * fetched: every language has every text (completeness.test.ts), so they would never be read.
 */
export function loadStartTexts(which: 'login' | 'all'): Promise<void> {
  const parts: LocalePart[] = which === 'login' ? ['login'] : ['login', 'rest'];
  return Promise.all(
    parts.map((part) => {
      let loading = loadedParts.get(part);
      if (!loading) {
        loading = addLanguages([currentLanguage], [part]);
        loading.catch(() => loadedParts.delete(part));
        loadedParts.set(part, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

let deferredTexts: Promise<void> | null = null;

/**
 * The texts the start does not fetch (`ON_DEMAND_DOMAINS`: the refusals of the error table and the
 * texts of the pages behind the home page) in the shown language: loaded once, by the HTTP client
 * before it words a refusal and by every page but the home page.
 */
export function loadDeferredTexts(): Promise<void> {
  deferredTexts ??= Promise.all([...ON_DEMAND_DOMAINS].map((domain) => loadDomainTexts(currentLanguage, domain))).then(
    (trees) => {
      for (const tree of trees) i18n.addResourceBundle(currentLanguage, 'translation', tree, true, true);
    },
    (error: unknown) => {
      deferredTexts = null;
      throw error;
    },
  );
  return deferredTexts;
}

/** Every language (tests that compare languages). */
export async function loadAllLanguages(): Promise<void> {
  const codes = LANGUAGES.map((l) => l.code);
  await addLanguages(codes);
  const trees = await Promise.all(codes.map((code) => Promise.all([...ON_DEMAND_DOMAINS].map((domain) => loadDomainTexts(code, domain)))));
  codes.forEach((code, i) => {
    for (const tree of trees[i] ?? []) i18n.addResourceBundle(code, 'translation', tree, true, true);
  });
}

const active = languageOf(currentLanguage);
if (typeof document !== 'undefined') document.documentElement.lang = active.htmlLang;

/** Keeps the choice and restarts the app on the home page so every text is rebuilt in it. */
export function applyLanguage(code: LanguageCode): void {
  writeValue(LANGUAGE_STORAGE_KEY, code);
  window.history.replaceState(null, '', '#/');
  window.location.reload();
}

export const t = i18n.t.bind(i18n);
export default i18n;
