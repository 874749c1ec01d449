import { describe, expect, it } from 'vitest';
import { DOC_FALLBACK_LANG, DOC_LANGS, docLangOf, docsEndpoints } from './docs.ts';

describe('docLangOf', () => {
  it('gives each docs language its own articles, the ten interface languages', () => {
    expect([...DOC_LANGS].sort()).toEqual(['en', 'es', 'fr', 'id', 'ja', 'ko', 'th', 'vi', 'zh', 'zh-Hant']);
    for (const lang of DOC_LANGS) expect(docLangOf(lang)).toBe(lang);
  });

  it('reads another form of a docs language as that language', () => {
    expect(docLangOf('zh-hant')).toBe('zh-Hant');
    expect(docLangOf('ZH-HANT')).toBe('zh-Hant');
    expect(docLangOf('zh-TW')).toBe('zh-Hant');
    expect(docLangOf('zh-HK')).toBe('zh-Hant');
    expect(docLangOf('zh-Hans')).toBe('zh');
    expect(docLangOf('zh-CN')).toBe('zh');
    expect(docLangOf('fr-CA')).toBe('fr');
    expect(docLangOf('es-MX')).toBe('es');
    expect(docLangOf('TH')).toBe('th');
  });

  it('falls back to English for a language without docs, or none', () => {
    expect(DOC_FALLBACK_LANG).toBe('en');
    for (const lang of [undefined, '', 'de', 'pt-BR', 'ar', 'en-GB', 'xx-Hant']) expect(docLangOf(lang), String(lang)).toBe('en');
  });

  it('lets a reader ask in any interface language, and states the language served', () => {
    for (const lang of DOC_LANGS) {
      expect(docsEndpoints.docList.body.parse({ lang })).toEqual({ lang });
      expect(docsEndpoints.docDetail.data.parse({ slug: 'chats', lang, title: 'T', html: '<p>x</p>', updated_at: 1 })).toMatchObject({ lang });
    }
    expect(docsEndpoints.docList.body.parse({})).toEqual({ lang: 'en' });
  });
});
