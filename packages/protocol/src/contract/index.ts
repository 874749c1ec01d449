export * from './define.ts';
export * from './endpoints.ts';
export * from './errors.ts';
export * from './pushes.ts';
export { TRANSLATE_LANGS, type TranslateLang } from './endpoints/translate.ts';
export { type CrmRecord, type Good, goodSchema } from './endpoints/work.ts';
