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

let deferredTexts: Promise<void> | null = null;

/**
 * The texts the start does not fetch (the rest of the language's file and `ON_DEMAND_DOMAINS`: the
 * refusals of the error table and the texts of the pages behind the home page) in the shown
 * language: loaded once, by the HTTP client before it words a refusal and by every page but the
 * home page.
 */
export function loadDeferredTexts(): Promise<void> {
  deferredTexts ??= Promise.all([
    Promise.all([...ON_DEMAND_DOMAINS].map((domain) => loadDomainTexts(currentLanguage, domain))),
    loadPart('rest'),
  ]).then(
    ([trees]) => {
      for (const tree of trees) i18n.add(currentLanguage, tree);
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
    for (const tree of trees[i] ?? []) i18n.add(code, tree);
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
