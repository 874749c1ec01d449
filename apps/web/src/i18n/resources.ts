import { type DomainTrees, domainBundles } from './domains/index.ts';
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

const base: Record<LanguageCode, object> = {
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

/** A language's tree: its JSON file plus every domain bundle under the domain's key. */
function withDomains(code: LanguageCode): object {
  const mounted = Object.entries(domainBundles as Record<string, Record<LanguageCode, object>>).map(
    ([domain, bundle]) => [domain, bundle[code]] as const,
  );
  return { ...base[code], ...Object.fromEntries(mounted) };
}

/** One JSON file per language (plus domain bundles), every one complete (checked by completeness.test.ts). */
export const translations = Object.fromEntries(
  Object.keys(base).map((code) => [code, withDomains(code as LanguageCode)]),
) as Record<LanguageCode, object>;


export type TranslationTree = typeof en & DomainTrees;
