import type { LanguageCode } from '../languages.ts';
import { translateBundle } from './translate/index.ts';
import { workBundle } from './work/index.ts';
import { walletBundle } from './wallet/index.ts';
import { callsBundle } from './calls/index.ts';
import { docsBundle } from './docs/index.ts';
import { momentsBundle } from './moments/index.ts';
import { favoritesBundle } from './favorites/index.ts';
import { serverErrorsBundle } from './serverErrors/index.ts';

/**
 * Translation bundles of a domain, one JSON file per language in `domains/<domain>/<code>.json`,
 * mounted under the key `<domain>` of every language's tree (so `t('wallet.balance')`).
 * Add a domain: write its folder with an `index.ts` exporting `Record<LanguageCode, tree>`
 * and name it here.
 */
export const domainBundles = {
  wallet: walletBundle,
  calls: callsBundle,
  translate: translateBundle,
  work: workBundle,
  docs: docsBundle,
  moments: momentsBundle,
  favorites: favoritesBundle,
  serverErrors: serverErrorsBundle,
} satisfies Record<string, Record<LanguageCode, object>>;

export type DomainTrees = { [K in keyof typeof domainBundles]: (typeof domainBundles)[K]['en'] };
