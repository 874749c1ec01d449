import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from './languages.ts';
import { translations } from './resources.ts';
import { Translator } from './translator.ts';

/**
 * The language check: every language of the picker has every text, in its own words. Runs over the
 * merged trees (the JSON files plus every domain bundle), as the app loads them.
 */

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

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const flat = Object.fromEntries(Object.entries(translations).map(([code, tree]) => [code, flatten(tree)])) as Record<LanguageCode, Map<string, unknown>>;
const placeholders = (text: unknown): string[] => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
/** The plural forms a language needs (the translator picks them by Intl.PluralRules, `translator.ts`). */
const categoriesOf = (code: LanguageCode): string[] => new Intl.PluralRules(code).resolvedOptions().pluralCategories;

/** English keys, plural families folded to their base: `friendCount_one`/`_other` → `friendCount`. */
const enKeys = [...flat.en.keys()];
const pluralBases = new Set(enKeys.filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, '')));
const singleKeys = enKeys.filter((k) => !PLURAL_SUFFIX.test(k));

/** The keys a language must have: every single key, and each plural family in its own categories. */
function requiredKeys(code: LanguageCode): string[] {
  return [...singleKeys, ...[...pluralBases].flatMap((base) => categoriesOf(code).map((c) => `${base}_${c}`))];
}

/**
 * Values that are the same in English and another language on purpose: names, brand words, units,
 * formats and symbols. Anything else identical to English counts as untranslated.
 */
const SAME_AS_ENGLISH = new Set([
  'Parley',
  'OK',
  'Email',
  'E-mail',
  'QR',
  'ID',
  'PDF',
  'WebRTC',
  'Wi-Fi',
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
/** Pure formats and placeholders ("{{name}}: {{text}}", "{{text}} ({{count}})", "#", ", ") are not words to translate. */
const isFormat = (text: string): boolean => text.replace(/{{\s*\w+\s*}}/g, '').replace(/[\s\p{P}\p{S}\d]/gu, '') === '';
const MAX_SAME_SHARE = 0.02;

describe('translations', () => {
  it('has one tree for every language of the picker', () => {
    expect(Object.keys(translations).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  for (const { code } of LANGUAGES) {
    it(`${code} has every key, none empty (plurals in its own forms: ${categoriesOf(code).join(', ')})`, () => {
      const missing = requiredKeys(code).filter((key) => {
        const text = flat[code].get(key);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(missing, `missing or empty in ${code}`).toEqual([]);
    });

    it(`${code} has no keys unknown to en and keeps en's placeholders`, () => {
      const en = flat.en;
      const known = (key: string) => en.has(key) || pluralBases.has(key.replace(PLURAL_SUFFIX, ''));
      const unknown = [...flat[code].keys()].filter((key) => !known(key));
      expect(unknown, `keys in ${code} that en lacks`).toEqual([]);
      const englishOf = (key: string) => en.get(key) ?? en.get(key.replace(PLURAL_SUFFIX, '_other'));
      const wrongPlaceholders = [...flat[code]].filter(([key, text]) => {
        const mine = placeholders(text).filter((p) => p !== 'count');
        const theirs = placeholders(englishOf(key)).filter((p) => p !== 'count');
        return mine.join() !== theirs.join();
      });
      expect(wrongPlaceholders.map(([key]) => key), `placeholders differ from en in ${code}`).toEqual([]);
      const notText = [...flat[code]].filter(([, text]) => typeof text !== 'string');
      expect(notText.map(([key]) => key), `values that are not text in ${code}`).toEqual([]);
    });

    if (code === 'en') continue;
    it(`${code} is translated: at most ${MAX_SAME_SHARE * 100} % of its texts are identical to English`, () => {
      const same = [...flat[code]].filter(([key, text]) => {
        const english = flat.en.get(key);
        return typeof text === 'string' && text === english && !SAME_AS_ENGLISH.has(text) && !isFormat(text);
      });
      const share = same.length / flat[code].size;
      expect(share <= MAX_SAME_SHARE, `${same.length} of ${flat[code].size} texts in ${code} are English: ${same.map(([k]) => k).join(', ')}`).toBe(true);
    });
  }

  it('writes Japanese in Japanese: no Simplified Chinese forms, no Chinese-only words', () => {
    // Simplified forms whose Japanese kanji differ (発 not 发, 図 not 图, 残高 not 余额 …)
    const simplified = /[们这说钱发选认删时间头账码请语视频图扫显错误网络连关闭复转记换讯见过门载协议规问题员单证帮币购买货务计论读订对长从现进级让给还齐个东两亲优册农决况净击划则刚创别剧办动劳势压变吗响团园围圆场坏块坚备够夺奖妈宁审宽寻导尔层岁师帐带库应废开异张弹归录忆总恶惊愿战户执扩扬护报择挡挤挥损摄摆摇敌晓暂杀杂权极构标树样检楼欢毕气汇汉泽洁测济浓满灭灵烦热爱环疗盖确离种积笔签简紧红约级纪纯纳纸线练组细织终经结给绝统继续维综绿编缩罗罚职联脑脸节药获营虑虽补装视觉]/u;
    // Chinese words in characters Japanese shares: 大写 (Japanese: 大字), 信息 (情報), 群聊, 好友 (友だち) …
    const chineseWords = ['大写', '大寫', '信息', '群聊', '好友', '文件', '撤回', '充值', '用户'];
    const wrong = [...flat.ja].filter(([, text]) => typeof text === 'string' && (simplified.test(text) || chineseWords.some((w) => text.includes(w))));
    expect(wrong.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    expect(flat.ja.get('wallet.packet.inWords')).toBe('大字：{{words}}');
  });

  it('keeps the exact Chinese texts of the spec', () => {
    expect(flat.zh.get('common.empty')).toBe('暂无数据');
    expect(flat.zh.get('errors.noticeTitle')).toBe('提示');
    expect(flat.zh.get('errors.authExpired')).toBe('授权信息已经失效,请重新登录！');
    expect(flat.zh.get('errors.serverError')).toBe('服务器返回错误，请检查！');
    expect(flat.zh.get('errors.networkTimeout')).toBe('网络超时！');
    expect(flat.zh.get('errors.forcedOffline')).toBe('您的账号在其他设备登录，已被迫下线！');
  });
});

describe('counted texts', () => {
  it('a count of one reads in the singular where the language has one ("1 red packets" was shown)', () => {
    const translator = new Translator('en', () => []);
    translator.add('en', translations.en);
    const t = translator.t as unknown as (key: string, values: Record<string, unknown>) => string;
    expect(t('wallet.log.count', { count: 1 })).toBe('1 red packet');
    expect(t('wallet.log.count', { count: 3 })).toBe('3 red packets');
  });
});
