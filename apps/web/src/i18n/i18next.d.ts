import 'i18next';
import type { TranslationTree } from './resources.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationTree };
  }
}
