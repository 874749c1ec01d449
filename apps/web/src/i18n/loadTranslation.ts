import type { LanguageCode } from './languages.ts';

const locales = import.meta.glob<{ default: object }>('./locales/*.json');
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
 * loads only the languages it shows.
 */
export async function loadTranslation(code: LanguageCode): Promise<object> {
  const load = locales[`./locales/${code}.json`];
  if (!load) throw new Error(`no translation for ${code}`);
  const domains = Object.entries(domainFiles).filter(([file]) => file.endsWith(`/${code}.json`) && !ON_DEMAND_DOMAINS.has(domainOf(file)));
  const [base, ...mounted] = await Promise.all([
    load().then((m) => m.default),
    ...domains.map(async ([file, loadDomain]) => [domainOf(file), (await loadDomain()).default] as const),
  ]);
  return { ...base, ...Object.fromEntries(mounted as (readonly [string, object])[]) };
}

/** One on-demand domain's texts in one language, as the subtree to mount under the domain's key. */
export async function loadDomainTexts(code: LanguageCode, domain: string): Promise<object> {
  const load = domainFiles[`./domains/${domain}/${code}.json`];
  if (!load) throw new Error(`no ${domain} texts for ${code}`);
  return { [domain]: (await load()).default };
}
