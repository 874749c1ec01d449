import { z } from 'zod';
import { endpoint } from '../define.ts';

/**
 * The languages help docs are written in: every interface language (spec §1). A reader of another
 * language reads English.
 */
export const DOC_LANGS = ['en', 'zh', 'zh-Hant', 'ja', 'ko', 'id', 'th', 'fr', 'es', 'vi'] as const;
export type DocLang = (typeof DOC_LANGS)[number];
export const DOC_FALLBACK_LANG: DocLang = 'en';
/** `getting-started`: lower-case words joined by hyphens. */
export const DOC_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const DOC_SLUG_MAX = 60;
export const DOC_TITLE_MAX = 120;
/** An article's HTML, after sanitizing. */
export const DOC_HTML_MAX = 100_000;
/** At most this many articles are listed (a help centre, not a library). */
export const DOC_LIST_MAX = 200;

/**
 * The language a reader of `lang` gets: the docs language it names (`zh-Hant`; also in another case,
 * `zh-TW`/`zh-HK`/`zh-MO` as Traditional and `zh-CN` as Simplified Chinese, `fr-CA` as French),
 * otherwise English.
 */
export function docLangOf(lang: string | undefined): DocLang {
  if (lang === undefined) return DOC_FALLBACK_LANG;
  const lower = lang.toLowerCase();
  const exact = DOC_LANGS.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const [base, sub] = lower.split('-');
  if (base === 'zh') return sub && /^(hant|tw|hk|mo)$/.test(sub) ? 'zh-Hant' : 'zh';
  return DOC_LANGS.find((l) => l === base) ?? DOC_FALLBACK_LANG;
}

const slug = z.string().trim().min(1).max(DOC_SLUG_MAX).regex(DOC_SLUG_PATTERN);
/** Any interface language code (`zh-Hant`, `fr` …); the server falls back to English. */
const lang = z
  .string()
  .trim()
  .max(10)
  .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z]{2,4})?$/)
  .default(DOC_FALLBACK_LANG);

export const docSummarySchema = z.object({
  slug: z.string(),
  /** the language of the text served (English when the asked one has no version) */
  lang: z.enum(DOC_LANGS),
  title: z.string(),
  updated_at: z.number().int(),
});
export type DocSummary = z.infer<typeof docSummarySchema>;

export const docArticleSchema = docSummarySchema.extend({
  /** sanitized HTML (the rich-text allow-list) */
  html: z.string(),
});
export type DocArticle = z.infer<typeof docArticleSchema>;

export const docsEndpoints = {
  docList: endpoint({
    path: '/enterprise/doc/index',
    access: 'user',
    body: z.object({ lang }),
    data: z.array(docSummarySchema),
    domain: 'docs',
    summary: 'The help articles in my language (English where an article has no version in it), in reading order',
  }),
  docDetail: endpoint({
    path: '/enterprise/doc/detail',
    access: 'user',
    body: z.object({ slug, lang }),
    data: docArticleSchema,
    domain: 'docs',
    summary: 'One help article in my language, or in English when it has no version in it',
  }),
};
