import { describe, expect, it } from 'vitest';
import { type TFunction, Translator } from './translator.ts';

/** Free keys: these texts are the test's own, not the app's. */
type AnyKeyT = (key: string, values?: Record<string, unknown>) => string;

function translator() {
  const translator = new Translator('fr', (code) => (code === 'zh-Hant' ? ['zh', 'en'] : ['en']));
  translator.add('en', { a: { hello: 'Hello {{name}}', only: 'English only', empty: 'Empty', days_one: '{{count}} day', days_other: '{{count}} days' } });
  translator.add('fr', { a: { hello: 'Bonjour {{ name }}', empty: '', days_one: '{{count}} jour', days_many: '{{count}} de jours', days_other: '{{count}} jours' } });
  translator.add('zh', { a: { hello: '你好{{name}}' } });
  return translator;
}
const anyKeys = (t: TFunction) => t as unknown as AnyKeyT;

describe('Translator', () => {
  it('reads nested keys and fills placeholders; one without a value stays as written', () => {
    const t = anyKeys(translator().t);
    expect(t('a.hello', { name: 'Ana' })).toBe('Bonjour Ana');
    expect(t('a.hello')).toBe('Bonjour {{ name }}');
  });

  it('picks the plural form of the language by count', () => {
    const t = anyKeys(translator().t);
    expect(t('a.days', { count: 1 })).toBe('1 jour');
    expect(t('a.days', { count: 2 })).toBe('2 jours');
    expect(t('a.days', { count: 1_000_000 })).toBe('1000000 de jours');
    expect(anyKeys(translator().getFixedT('en'))('a.days', { count: 0 })).toBe('0 days');
  });

  it('falls back through the chain of languages for a missing or empty text, else shows the key', () => {
    const i18n = translator();
    expect(anyKeys(i18n.t)('a.only')).toBe('English only');
    expect(anyKeys(i18n.t)('a.empty')).toBe('Empty');
    expect(anyKeys(i18n.getFixedT('zh-Hant'))('a.hello', { name: '李' })).toBe('你好李');
    expect(anyKeys(i18n.t)('a.nothing')).toBe('a.nothing');
  });

  it('gives a group of texts whole with returnObjects, and tells which keys exist', () => {
    const i18n = translator();
    i18n.add('fr', { a: { more: 'encore' } });
    expect((i18n.t as unknown as (key: string, o: object) => unknown)('a', { returnObjects: true })).toMatchObject({ hello: 'Bonjour {{ name }}', more: 'encore' });
    expect(i18n.exists('a.days')).toBe(true);
    expect(i18n.exists('a.only')).toBe(true);
    expect(i18n.exists('a.nothing')).toBe(false);
  });
});
