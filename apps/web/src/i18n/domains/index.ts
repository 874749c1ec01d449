import type { LanguageCode } from '../languages.ts';
import { walletBundle } from './wallet/index.ts';

/**
 * Translation bundles of a domain, one JSON file per language in `domains/<domain>/<code>.json`,
 * mounted under the key `<domain>` of every language's tree (so `t('wallet.balance')`).
 * Add a domain: write its folder with an `index.ts` exporting `Record<LanguageCode, tree>`
 * and name it here.
 */
export const domainBundles = { wallet: walletBundle } satisfies Record<string, Record<LanguageCode, object>>;

export type DomainTrees = { [K in keyof typeof domainBundles]: (typeof domainBundles)[K]['en'] };
