import type { LanguageCode } from './languages.ts';

const locales = import.meta.glob<{ default: object }>('./locales/*.json');
const domainFiles = import.meta.glob<{ default: object }>('./domains/*/*.json');

/**
 * One language's tree, as `resources.ts` builds it for every language (its JSON file plus each
 * domain bundle under the domain's key), fetched on demand: the app loads only the languages it shows.
 */
export async function loadTranslation(code: LanguageCode): Promise<object> {
  const load = locales[`./locales/${code}.json`];
  if (!load) throw new Error(`no translation for ${code}`);
  const domains = Object.entries(domainFiles).filter(([file]) => file.endsWith(`/${code}.json`));
  const [base, ...mounted] = await Promise.all([
    load().then((m) => m.default),
    ...domains.map(async ([file, loadDomain]) => [file.split('/')[2], (await loadDomain()).default] as const),
  ]);
  return { ...base, ...Object.fromEntries(mounted as (readonly [string, object])[]) };
}
