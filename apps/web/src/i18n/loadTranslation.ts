import type { LanguageCode } from './languages.ts';
import type { LocalePart } from './localeParts.ts';

/** Each language's JSON file in its three parts (`localeParts.ts`). */
const localeParts = {
  login: import.meta.glob<{ default: object }>('./locales/*.json', { query: '?part=login' }),
  home: import.meta.glob<{ default: object }>('./locales/*.json', { query: '?part=home' }),
  rest: import.meta.glob<{ default: object }>('./locales/*.json', { query: '?part=rest' }),
};

/**
 * One language's tree, as `resources.ts` builds it for every language (its JSON file plus each
 * domain bundle under the domain's key), fetched on demand: the app loads only the languages it
 * shows. `'login'`: only the sections the login page shows (`LOGIN_SECTIONS`); `'home'`: those the
 * home page adds (`HOME_SECTIONS`) and the `HOME_DOMAINS`; `'rest'`: the other sections and domains.
 */
export async function loadTranslation(code: LanguageCode, parts: readonly LocalePart[] = ['login', 'home', 'rest']): Promise<object> {
  const files = parts.map((part) => localeParts[part][`./locales/${code}.json`]);
  if (files.some((load) => !load)) throw new Error(`no translation for ${code}`);
  const sections = await Promise.all(files.map(async (load) => (await (load as () => Promise<{ default: object }>)()).default));
  return Object.assign({}, ...sections);
}
