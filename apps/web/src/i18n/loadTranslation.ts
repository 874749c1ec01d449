import type { LanguageCode } from './languages.ts';
import type { LocalePart } from './localeParts.ts';

/** Each language's JSON file in its three parts (`localeParts.ts`). */
const localeParts = {
  login: import.meta.glob<{ default: object }>('./locales/*.json', { query: '?part=login' }),
  home: import.meta.glob<{ default: object }>('./locales/*.json', { query: '?part=home' }),
  rest: import.meta.glob<{ default: object }>('./locales/*.json', { query: '?part=rest' }),
};
const domainFiles = import.meta.glob<{ default: object }>('./domains/*/*.json');

/**
 * Domains whose texts no first screen shows (the login page, the home page, the app shell), so the
 * start does not fetch them: the refusals of the error table (about 6 kB gzip a language) and the
 * texts of the pages behind the home page. `loadDomainTexts` fetches one; the app fetches them all
 * with the first refusal and before any page but the home page (`i18n/index.ts`, `router/lazyPage.ts`).
 * The calls' texts stay at the start: an incoming call shows them over any page.
 */
export const ON_DEMAND_DOMAINS: ReadonlySet<string> = new Set(['serverErrors', 'wallet', 'translate', 'work', 'docs', 'moments', 'favorites']);

const domainOf = (file: string): string => file.split('/')[2] ?? '';

/**
 * One language's tree, as `resources.ts` builds it for every language (its JSON file plus each
 * domain bundle under the domain's key) but for the on-demand domains, fetched on demand: the app
 * loads only the languages it shows. `'login'`: only the sections the login page shows
 * (`LOGIN_SECTIONS`); `'home'`: those the home page adds (`HOME_SECTIONS`) and the domains the
 * start loads; `'rest'`: the other sections.
 */
export async function loadTranslation(code: LanguageCode, parts: readonly LocalePart[] = ['login', 'home', 'rest']): Promise<object> {
  const files = parts.map((part) => localeParts[part][`./locales/${code}.json`]);
  if (files.some((load) => !load)) throw new Error(`no translation for ${code}`);
  const domains = parts.includes('home')
    ? Object.entries(domainFiles).filter(([file]) => file.endsWith(`/${code}.json`) && !ON_DEMAND_DOMAINS.has(domainOf(file)))
    : [];
  const [sections, mounted] = await Promise.all([
    Promise.all(files.map(async (load) => (await (load as () => Promise<{ default: object }>)()).default)),
    Promise.all(domains.map(async ([file, loadDomain]) => [domainOf(file), (await loadDomain()).default] as const)),
  ]);
  return Object.assign({}, ...sections, Object.fromEntries(mounted));
}

/** One on-demand domain's texts in one language, as the subtree to mount under the domain's key. */
export async function loadDomainTexts(code: LanguageCode, domain: string): Promise<object> {
  const load = domainFiles[`./domains/${domain}/${code}.json`];
  if (!load) throw new Error(`no ${domain} texts for ${code}`);
  return { [domain]: (await load()).default };
}
