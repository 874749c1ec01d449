import { readString, writeValue } from '../stores/localStore.ts';
import {
  detectLanguage,
  FALLBACK_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  type LanguageCode,
  languageOf,
} from './languages.ts';
import { loadTranslation } from './loadTranslation.ts';
import type { LocalePart } from './localeParts.ts';
import { Translator } from './translator.ts';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export const currentLanguage: LanguageCode = detectLanguage(readString(LANGUAGE_STORAGE_KEY), browserLanguages());

/** Traditional Chinese readers are better served by Simplified Chinese than by English. */
const FALLBACKS: Partial<Record<LanguageCode, LanguageCode[]>> = { 'zh-Hant': ['zh', FALLBACK_LANGUAGE] };

const i18n = new Translator(currentLanguage, (code) => FALLBACKS[code] ?? [FALLBACK_LANGUAGE]);

async function addLanguages(codes: LanguageCode[], parts?: readonly LocalePart[]): Promise<void> {
  const trees = await Promise.all(codes.map((code) => loadTranslation(code, parts)));
  codes.forEach((code, i) => {
    i18n.add(code, trees[i] ?? {});
  });
}

const loadedParts = new Map<LocalePart, Promise<void>>();

/** One part of the shown language's file (`localeParts.ts`), fetched once. */
function loadPart(part: LocalePart): Promise<void> {
  let loading = loadedParts.get(part);
  if (!loading) {
    loading = addLanguages([currentLanguage], [part]);
    loading.catch(() => loadedParts.delete(part));
    loadedParts.set(part, loading);
  }
  return loading;
}

/**
 * The shown language's texts, loaded (`'login'`: the login page's, for a start there; `'all'`:
 * every text of the first screens): the app renders once this settles. Its fallbacks are not
 * fetched: every language has every text (completeness.test.ts), so they would never be read.
 */
export function loadStartTexts(which: 'login' | 'all'): Promise<void> {
  const parts: LocalePart[] = which === 'login' ? ['login'] : ['login', 'home'];
  return Promise.all(parts.map(loadPart)).then(() => undefined);
}

/**
 * The texts the start does not fetch (the rest part: the refusals of the error table and the texts
 * of the pages behind the home page) in the shown language: loaded once, by the HTTP client before
 * it words a refusal and by every page but the home page.
 */
export function loadDeferredTexts(): Promise<void> {
  return loadPart('rest');
}

/** Every language's whole tree at once (`resources.ts`: the unit tests, which read texts of every language). */
export function addLanguageTrees(trees: Record<LanguageCode, object>): void {
  for (const [code, tree] of Object.entries(trees)) i18n.add(code as LanguageCode, tree);
}

const active = languageOf(currentLanguage);
if (typeof document !== 'undefined') document.documentElement.lang = active.htmlLang;

/** Keeps the choice and restarts the app on the home page so every text is rebuilt in it. */
export function applyLanguage(code: LanguageCode): void {
  writeValue(LANGUAGE_STORAGE_KEY, code);
  window.history.replaceState(null, '', '#/');
  window.location.reload();
}

export const t = i18n.t;
export default i18n;

const translation = { t, i18n };

/**
 * The translator, for components. The shown language never changes while the app runs (a change
 * reloads it) and every page's texts are loaded before it draws, so nothing needs to re-render.
 */
export function useTranslation(): typeof translation {
  return translation;
}
