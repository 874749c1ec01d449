import { ERROR_KEYS, type ErrorDef, errors } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n from './index.ts';
import { LANGUAGES } from './languages.ts';
import { translations } from './resources.ts';

const COMPLETE_LANGUAGES = LANGUAGES.map((l) => l.code);
import { localizeMessage, localizeRefusal } from './validation.ts';

type Tree = Record<string, unknown>;

/** The translation of an error key in one language (a plural key counts by its `_other` form). */
function translationOf(code: keyof typeof translations, key: string): unknown {
  const [domain, name] = key.split('.') as [string, string];
  const tree = ((translations[code] as Tree).serverErrors as Record<string, Tree> | undefined)?.[domain];
  return tree?.[name] ?? tree?.[`${name}_other`];
}

const placeholders = (text: string): string[] => [...new Set([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]))].sort();

describe('refusals are translated by key', () => {
  for (const code of COMPLETE_LANGUAGES) {
    it(`${code} translates every key of the protocol's error table`, () => {
      const missing = ERROR_KEYS.filter((key) => {
        const text = translationOf(code, key);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(missing, `keys of contract/errors without serverErrors.<key> in ${code}.json`).toEqual([]);
    });
  }

  it('every translation names the parameters the English text names', () => {
    const wrong = ERROR_KEYS.filter((key) => {
      const expected = placeholders((errors[key] as ErrorDef).text).join();
      return COMPLETE_LANGUAGES.some((code) => {
        const text = translationOf(code, key);
        return typeof text === 'string' && placeholders(text).join() !== expected;
      });
    });
    expect(wrong).toEqual([]);
  });

  describe('in the user language', () => {
    const before = i18n.language;
    beforeAll(() => i18n.changeLanguage('zh'));
    afterAll(() => i18n.changeLanguage(before));

    it('uses the key and its params, with the table defaults', () => {
      expect(localizeRefusal({ key: 'groups.userMissing', params: { id: 7 }, msg: 'User 7 does not exist.' })).toContain('7');
      expect(localizeRefusal({ key: 'groups.nameLong', msg: 'x' })).toContain('30');
      expect(localizeRefusal({ key: 'auth.wrongPassword', msg: 'Wrong account or password.' })).not.toBe('Wrong account or password.');
    });

    it('shows a mute end in local time', () => {
      const text = localizeRefusal({ key: 'messages.memberMuted', params: { until: '2030-01-02 03:04 UTC' }, msg: '' });
      expect(text).not.toContain('UTC');
      expect(text).toMatch(/2030-01-0[12] \d{2}:04/);
    });

    it('falls back to msg without a known key and never matches on msg text', () => {
      expect(localizeRefusal({ msg: 'Wrong account or password.' })).toBe('Wrong account or password.');
      expect(localizeRefusal({ key: 'nope.nothing', msg: 'As sent' })).toBe('As sent');
    });

    it('translates the form messages of the protocol schemas (keys) and leaves other text alone', () => {
      expect(localizeMessage('validation.account')).toBe(i18n.t('serverErrors.validation.account'));
      expect(localizeMessage('Some text')).toBe('Some text');
    });
  });
});
