import { docLangOf } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { detectLanguage, LANGUAGES, matchBrowserLanguage } from './languages.ts';

describe('language choice', () => {
  it('offers the ten languages of the picker, each in its own name', () => {
    expect(LANGUAGES.map((l) => l.nativeName)).toEqual([
      'English',
      '简体中文',
      '繁體中文',
      '日本語',
      '한국어',
      'Bahasa Indonesia',
      'ไทย',
      'Français',
      'Español',
      'Tiếng Việt',
    ]);
  });

  it('maps browser tags to supported languages', () => {
    expect(matchBrowserLanguage('zh-CN')).toBe('zh');
    expect(matchBrowserLanguage('zh-TW')).toBe('zh-Hant');
    expect(matchBrowserLanguage('zh-Hant-HK')).toBe('zh-Hant');
    expect(matchBrowserLanguage('ko-KR')).toBe('ko');
    expect(matchBrowserLanguage('in')).toBe('id');
    expect(matchBrowserLanguage('pt-BR')).toBeNull();
  });

  it('prefers the stored choice, then the browser, then English', () => {
    expect(detectLanguage('ja', ['fr-FR'])).toBe('ja');
    expect(detectLanguage('xx', ['pt-BR', 'fr-FR'])).toBe('fr');
    expect(detectLanguage(null, ['pt-BR'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });
});

describe('help docs', () => {
  it('are written in every interface language: the docs page asks in the shown language and is served that language', () => {
    for (const { code } of LANGUAGES) expect(docLangOf(code), code).toBe(code);
  });
});
