export * from './define.ts';
export * from './endpoints.ts';
export * from './errors.ts';
export * from './pushes.ts';
export { TRANSLATE_LANGS, type TranslateLang } from './endpoints/translate.ts';
export { type CrmRecord, type Good, goodSchema } from './endpoints/work.ts';
export { DOC_FALLBACK_LANG, DOC_HTML_MAX, DOC_LANGS, DOC_LIST_MAX, DOC_SLUG_MAX, DOC_SLUG_PATTERN, DOC_TITLE_MAX, type DocArticle, type DocLang, type DocSummary, docLangOf } from './endpoints/docs.ts';
export * from './endpoints/moments.ts';
