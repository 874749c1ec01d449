import type { LanguageCode } from '../../languages.ts';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import id from './id.json';
import ja from './ja.json';
import ko from './ko.json';
import th from './th.json';
import vi from './vi.json';
import zh from './zh.json';
import zhHant from './zh-Hant.json';

/** Texts of the wallet, bill and red-packet screens (`t('wallet.…')`); each language has its own plural forms (`log.count_one`…), so only English gives the shape. */
export const walletBundle: Record<LanguageCode, object> & { en: typeof en } = { en, zh, 'zh-Hant': zhHant, ja, ko, id, th, fr, es, vi };
