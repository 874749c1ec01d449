import { amountInWords } from '@parley/protocol';
import { currentLanguage } from './index.ts';

/** 大写金额 of a yuan amount, in Traditional characters for a zh-Hant reader. */
export function amountWords(yuan: string): string {
  return amountInWords(yuan, { script: currentLanguage === 'zh-Hant' ? 'Hant' : 'Hans' });
}
