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

/**
 * The refusals of the protocol's error table by key (`t('serverErrors.<domain>.<name>')`): loaded on
 * demand (`loadTranslation.ts`), with the first refusal or the first page after the first screen (`loadDeferredTexts`).
 * Typed by the English tree: the other languages differ in their plural forms (`_one` only where the language has it).
 */
export const serverErrorsBundle: { en: typeof en } & Record<Exclude<LanguageCode, 'en'>, object> = { en, zh, 'zh-Hant': zhHant, ja, ko, id, th, fr, es, vi };
