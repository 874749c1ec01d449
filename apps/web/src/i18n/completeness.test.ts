import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { COMPLETE_LANGUAGES, translations } from './resources.ts';

/** Flattens a nested translation tree into `a.b.c` → text. */
function flatten(tree: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, text] of flatten(value, path)) out.set(inner, text);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(translations).map(([code, tree]) => [code, flatten(tree)]));
const placeholders = (text: unknown): string[] => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has one file for every language of the picker', () => {
    expect(Object.keys(translations).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  const allCoreKeys = new Set(COMPLETE_LANGUAGES.flatMap((code) => [...flat[code].keys()]));

  for (const code of COMPLETE_LANGUAGES) {
    it(`${code} has every key of zh, en, ko and ja, none empty`, () => {
      const missing = [...allCoreKeys].filter((key) => {
        const text = flat[code].get(key);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(missing, `missing or empty in ${code}.json`).toEqual([]);
    });
  }

  for (const { code } of LANGUAGES) {
    it(`${code} has no keys unknown to en and keeps en's placeholders`, () => {
      const en = flat.en;
      const unknown = [...flat[code].keys()].filter((key) => !en.has(key));
      expect(unknown, `keys in ${code}.json that en.json lacks`).toEqual([]);
      const wrongPlaceholders = [...flat[code]].filter(
        ([key, text]) => placeholders(text).join() !== placeholders(en.get(key)).join(),
      );
      expect(wrongPlaceholders.map(([key]) => key), `placeholders differ from en in ${code}.json`).toEqual([]);
      const notText = [...flat[code]].filter(([, text]) => typeof text !== 'string');
      expect(notText.map(([key]) => key), `values that are not text in ${code}.json`).toEqual([]);
    });
  }

  it('keeps the exact Chinese texts of the spec', () => {
    expect(flat.zh.get('common.empty')).toBe('暂无数据');
    expect(flat.zh.get('errors.noticeTitle')).toBe('提示');
    expect(flat.zh.get('errors.authExpired')).toBe('授权信息已经失效,请重新登录！');
    expect(flat.zh.get('errors.serverError')).toBe('服务器返回错误，请检查！');
    expect(flat.zh.get('errors.networkTimeout')).toBe('网络超时！');
    expect(flat.zh.get('errors.forcedOffline')).toBe('您的账号在其他设备登录，已被迫下线！');
  });
});
