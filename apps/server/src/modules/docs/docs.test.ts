import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOC_FALLBACK_LANG, DOC_LANGS, type DocLang } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriendAll, groupApi } from '../../testing/groupsKit.ts';
import { backends, boundSocket, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { sanitizeRichText } from '../../richText.ts';
import { docAdmin } from './admin.ts';
import { docsService } from './service.ts';
import { STARTER_SLUGS, starterDocs } from './starter.ts';

const STARTER_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'starter');

/** Two starter titles in each docs language: a reader of that language is served these. */
const TITLES: Record<DocLang, { start: string; privacy: string }> = {
  en: { start: 'Getting started', privacy: 'Privacy and security' },
  zh: { start: '快速入门', privacy: '隐私与安全' },
  'zh-Hant': { start: '快速入門', privacy: '隱私與安全' },
  ja: { start: 'はじめに', privacy: 'プライバシーとセキュリティ' },
  ko: { start: '시작하기', privacy: '개인정보와 보안' },
  id: { start: 'Memulai', privacy: 'Privasi dan keamanan' },
  th: { start: 'เริ่มต้นใช้งาน', privacy: 'ความเป็นส่วนตัวและความปลอดภัย' },
  fr: { start: 'Premiers pas', privacy: 'Confidentialité et sécurité' },
  es: { start: 'Primeros pasos', privacy: 'Privacidad y seguridad' },
  vi: { start: 'Bắt đầu sử dụng', privacy: 'Quyền riêng tư và bảo mật' },
};

/** The docs languages an upgraded database (seeded in en, zh, ja, ko) lacks. */
const ADDED_LANGS: DocLang[] = ['zh-Hant', 'id', 'th', 'fr', 'es', 'vi'];

/**
 * The blocks of an article in order (`h1 p h2 ol li …`): a translation keeps the English ones
 * (inline marks may differ: Chinese quotes a title in 《》 where English sets it in italics).
 */
const blocksOf = (html: string) =>
  [...html.matchAll(/<([a-z0-9]+)[\s>]/g)]
    .map((m) => m[1])
    .filter((tag) => !['strong', 'em', 'u', 'a'].includes(tag))
    .join(' ');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-docs-'));
function htmlFile(name: string, html: string): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, html);
  return file;
}

describe('the starter help articles', () => {
  it('exist for every starter slug in every docs language, titled, and pass the sanitizer unchanged', () => {
    const docs = starterDocs();
    expect(docs).toHaveLength(STARTER_SLUGS.length * DOC_LANGS.length);
    for (const d of docs) {
      const body = d.file.replace(/^\s*<h1>[^<]+<\/h1>\s*/, '').trim();
      expect(body, `${d.slug}.${d.lang}`).not.toBe(d.file.trim());
      expect(sanitizeRichText(body), `${d.slug}.${d.lang}`).toBe(body);
    }
  });

  it('are files for every slug in every docs language, and only in docs languages', () => {
    for (const slug of STARTER_SLUGS) {
      for (const lang of DOC_LANGS) {
        expect(fs.existsSync(path.join(STARTER_DIR, `${slug}.${lang}.html`)), `starter/${slug}.${lang}.html`).toBe(true);
      }
    }
    const files = fs.readdirSync(STARTER_DIR).filter((f) => f.endsWith('.html'));
    const langs = new Set(files.map((f) => f.split('.').slice(1, -1).join('.')));
    const slugs = new Set(files.map((f) => f.split('.')[0]));
    // a translation added without its language in DOC_LANGS would never be served
    expect([...langs].sort()).toEqual([...DOC_LANGS].sort());
    expect([...slugs].sort()).toEqual([...STARTER_SLUGS].sort());
    expect(files).toHaveLength(STARTER_SLUGS.length * DOC_LANGS.length);
  });

  it('are translations: the English markup, a title of their own, and text in their own script', () => {
    const docs = starterDocs();
    const en = new Map(docs.filter((d) => d.lang === DOC_FALLBACK_LANG).map((d) => [d.slug, d.file]));
    const script: Partial<Record<DocLang, RegExp>> = {
      zh: /\p{Script=Han}/u,
      'zh-Hant': /\p{Script=Han}/u,
      ja: /\p{Script=Hiragana}|\p{Script=Katakana}/u,
      ko: /\p{Script=Hangul}/u,
      th: /\p{Script=Thai}/u,
      vi: /[ăâđêôơư]/u,
    };
    for (const d of docs) {
      const name = `${d.slug}.${d.lang}`;
      const english = en.get(d.slug) ?? '';
      expect(blocksOf(d.file), name).toBe(blocksOf(english));
      if (d.lang === DOC_FALLBACK_LANG) continue;
      expect(d.file.match(/<h1>([^<]+)<\/h1>/)?.[1], name).not.toBe(english.match(/<h1>([^<]+)<\/h1>/)?.[1]);
      const re = script[d.lang];
      if (re) expect(d.file, name).toMatch(re);
    }
    // Traditional Chinese is written in Traditional characters, not a copy of the Simplified text
    const zh = new Map(docs.filter((d) => d.lang === 'zh').map((d) => [d.slug, d.file]));
    for (const d of docs.filter((x) => x.lang === 'zh-Hant')) {
      expect(d.file).not.toBe(zh.get(d.slug));
      expect(d.file.match(/[们这说设页钱红发选择确认删为时间头账号码请语视频图扫显应错误网络连机关闭开启复制转记录换动态讯见过门简体载协议规则结实问题处样标线员单认证护帮满币购买货务计论读订报审会对长从现进级让给还没齐个么东两举义乐习书亲仅众优伤儿党兴养内册农决况净减击划则刚创别剧办动劳势区医华卫压参双变号后吗响团园围国圆场坏块坚声备够头夹夺奖妈学宁宝审宽寻导将尔层岁币师帐带库应废开异张弹归当录忆态总恶惊愿战户执扩扬护报担择挂挡挤挥损据摄摆摇敌数断无旧显晓暂杀杂权条来极构标树样检楼欢残毕气汇汉没泪泽洁测济浓满灭灯灵灾点烦热爱独环画疗盖着确礼离种积称笔签简紧红约级纪纯纳纸线练组细织终经结给绝统继续维综绿编缩罗罚职联脑脸节苏药获营虑虽补装视觉计订认让讨训议讯记讲许论设访证评识诉词译试诚话该详语误说请读课谁调谈谢负贡财责败质贵费贺资赏赔赛赞赶车转轮软轻较辅辆输边达过运远违连迟适选递邮释针钟钢钱银锁错键长门闪闭问间阅队阳阴阵阶际陆险随难静顶项顺须顾预领频题额风飞饭马验鱼鸟黄齿龙]/u), d.slug).toBeNull();
    }
  });
});

describe.each(backends)('help docs on a database seeded before the docs spoke ten languages (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  beforeAll(async () => {
    s = await startServer(backend);
    a = await s.user('Reader');
  });
  afterAll(() => s.close());
  const docs = () => docsService(s.built.ctx.db);
  const admin = (...args: string[]) => docAdmin(docs(), args);
  const titleIn = async (slug: string, lang: string) => {
    const res = await s.post('/enterprise/doc/detail', { slug, lang }, a.token);
    return res.body.code === 0 ? `${res.body.data.lang}: ${res.body.data.title}` : `${res.body.code}`;
  };

  it('a later start writes the added languages, but no version that exists, nor an article the admin removed or rewrote', async () => {
    // the admin's work on the old server: English wallet rewritten, calls removed, Chinese getting-started rewritten
    await admin('set', 'wallet', htmlFile('wallet.en.html', '<h1>Our wallet</h1><p>Ask the front desk to top up.</p>'));
    await admin('del', 'calls');
    await admin('set', 'getting-started', htmlFile('getting-started.zh.html', '<h1>公司入门</h1><p>先找前台。</p>'));
    // and a French privacy version that exists already (written by a node that upgraded first)
    await admin('set', 'privacy', htmlFile('privacy.fr.html', '<h1>Notre confidentialité</h1><p>Voir la charte.</p>'));
    // the old server wrote only en, zh, ja and ko
    await s.built.ctx.db
      .deleteFrom('docs')
      .where('lang', 'in', ADDED_LANGS)
      .where((eb) => eb.not(eb.and([eb('slug', '=', 'privacy'), eb('lang', '=', 'fr')])))
      .execute();
    expect(await titleIn('getting-started', 'fr')).toBe('en: Getting started');

    // getting-started, chats, groups in six languages, privacy in five (French exists)
    expect(await docs().seed()).toBe(3 * ADDED_LANGS.length + ADDED_LANGS.length - 1);
    for (const lang of ADDED_LANGS) {
      expect(await titleIn('getting-started', lang)).toBe(`${lang}: ${TITLES[lang].start}`);
      if (lang !== 'fr') expect(await titleIn('privacy', lang)).toBe(`${lang}: ${TITLES[lang].privacy}`);
      // the admin's English wallet is still what these readers read; calls stays removed
      expect(await titleIn('wallet', lang)).toBe('en: Our wallet');
      expect(await titleIn('calls', lang)).toBe('404');
    }
    expect(await titleIn('privacy', 'fr')).toBe('fr: Notre confidentialité');
    expect(await titleIn('getting-started', 'zh')).toBe('zh: 公司入门');
    // still in reading order, calls left out
    const fr = await s.post('/enterprise/doc/index', { lang: 'fr' }, a.token);
    expect(fr.body.data.map((d: { slug: string; lang: string }) => `${d.slug}.${d.lang}`)).toEqual([
      'getting-started.fr',
      'chats.fr',
      'groups.fr',
      'wallet.en',
      'privacy.fr',
    ]);
    // written once: the next start writes nothing, and a version the admin then removes stays removed
    expect(await docs().seed()).toBe(0);
    expect(await admin('del', 'chats', '--lang', 'vi')).toBe('Removed chats (1 version).');
    expect(await docs().seed()).toBe(0);
    expect(await titleIn('chats', 'vi')).toBe('en: Chats and messages');
  });
});

describe.each(backends)('help docs and rich-text group notices (%s)', (backend) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  const admin = (...args: string[]) => docAdmin(docsService(s.built.ctx.db), args);

  beforeAll(async () => {
    s = await startServer(backend);
    [a, b] = [await s.user('A'), await s.user('B')];
  });
  afterAll(() => s.close());

  it('the starter set is written at first start and listed in reading order, in my language or in English', async () => {
    const en = await s.post('/enterprise/doc/index', { lang: 'en' }, a.token);
    expect(en.body.code).toBe(0);
    expect(en.body.data.map((d: { slug: string }) => d.slug)).toEqual([...STARTER_SLUGS]);
    expect(en.body.data[0]).toMatchObject({ slug: 'getting-started', lang: 'en', title: 'Getting started' });
    // every docs language is served its own articles
    for (const lang of DOC_LANGS) {
      const list = await s.post('/enterprise/doc/index', { lang }, a.token);
      expect(list.body.data.map((d: { slug: string }) => d.slug), lang).toEqual([...STARTER_SLUGS]);
      expect(list.body.data.map((d: { lang: string }) => d.lang), lang).toEqual(STARTER_SLUGS.map(() => lang));
      expect(list.body.data[0], lang).toMatchObject({ slug: 'getting-started', lang, title: TITLES[lang].start });
      const one = await s.post('/enterprise/doc/detail', { slug: 'privacy', lang }, b.token);
      expect(one.body.data, lang).toMatchObject({ slug: 'privacy', lang, title: TITLES[lang].privacy });
    }
    // a tag of a docs language in another form reads that language
    for (const [asked, lang] of [['zh-TW', 'zh-Hant'], ['zh-hant', 'zh-Hant'], ['zh-CN', 'zh'], ['fr-CA', 'fr'], ['es-MX', 'es']] as const) {
      const one = await s.post('/enterprise/doc/detail', { slug: 'privacy', lang: asked }, a.token);
      expect(one.body.data, asked).toMatchObject({ lang, title: TITLES[lang].privacy });
    }
    // a language without docs reads English
    for (const lang of ['de', 'pt-BR', 'ar']) {
      const list = await s.post('/enterprise/doc/index', { lang }, a.token);
      expect(list.body.data.map((d: { lang: string }) => d.lang), lang).toEqual(STARTER_SLUGS.map(() => 'en'));
      const one = await s.post('/enterprise/doc/detail', { slug: 'privacy', lang }, a.token);
      expect(one.body.data, lang).toMatchObject({ slug: 'privacy', lang: 'en', title: 'Privacy and security' });
    }
    const none = await s.post('/enterprise/doc/detail', { slug: 'privacy' }, a.token);
    expect(none.body.data).toMatchObject({ lang: 'en', title: 'Privacy and security' });
    const ja = await s.post('/enterprise/doc/detail', { slug: 'groups', lang: 'ja' }, b.token);
    expect(ja.body.data).toMatchObject({ lang: 'ja', title: 'グループチャット' });
    expect(ja.body.data.html).toContain('<strong>');
    // a second start does not write them again
    expect(await docsService(s.built.ctx.db).seed()).toBe(0);
  });

  it('refuses a missing token, unknown articles and bad bodies without a 500', async () => {
    expect((await s.post('/enterprise/doc/index', { lang: 'en' })).status).toBe(401);
    expect((await s.post('/enterprise/doc/detail', { slug: 'chats' })).status).toBe(401);
    expect((await s.post('/enterprise/doc/detail', { slug: 'chats' }, 'not-a-token')).status).toBe(401);
    expect((await s.post('/enterprise/doc/detail', { slug: 'no-such-doc' }, a.token)).body).toMatchObject({ code: 404, key: 'docs.notFound' });
    for (const body of [{}, { slug: '../etc/passwd' }, { slug: 'x'.repeat(61) }, { slug: 42 }, { slug: 'chats', lang: '<script>' }, { slug: 'Chats' }]) {
      const res = await s.post('/enterprise/doc/detail', body, a.token);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(res.body.code, JSON.stringify(body)).toBe(400);
    }
    const bad = await s.post('/enterprise/doc/index', { lang: 12 }, a.token);
    expect(bad.body.code).toBe(400);
  });

  it('admin doc set, list and del manage the articles; bad input is refused with a readable reason', async () => {
    const file = htmlFile('faq.html', '<h1>FAQ</h1><p>Ask <a href="javascript:alert(1)">us</a><script>alert(1)</script> <b>anything</b></p>');
    expect(await admin('set', 'faq', file)).toBe('Saved faq (en): FAQ');
    expect(await admin('set', 'faq', htmlFile('faq.zh.html', '<h1>常见问题</h1><p>问吧</p>'))).toBe('Saved faq (zh): 常见问题');
    expect(await admin('set', 'faq', htmlFile('faq-ko.html', '<h1>자주 묻는 질문</h1><p>질문</p>'), '--lang', 'ko')).toBe('Saved faq (ko): 자주 묻는 질문');
    expect(await admin('set', 'faq', htmlFile('faq.zh-Hant.html', '<h1>常見問題</h1><p>請問吧</p>'))).toBe('Saved faq (zh-Hant): 常見問題');
    const stored = await s.post('/enterprise/doc/detail', { slug: 'faq', lang: 'en' }, a.token);
    expect(stored.body.data).toMatchObject({ title: 'FAQ', html: '<p>Ask <a>us</a> <strong>anything</strong></p>' });
    // a new slug goes to the end of the list
    const list = await s.post('/enterprise/doc/index', { lang: 'zh' }, b.token);
    expect(list.body.data.at(-1)).toMatchObject({ slug: 'faq', lang: 'zh', title: '常见问题' });
    const printed = await admin('list');
    expect(printed).toMatch(/^getting-started\ten\tGetting started\t/);
    expect(printed.split('\n').filter((l) => l.startsWith('faq\t')).map((l) => l.split('\t')[1])).toEqual(['en', 'ko', 'zh', 'zh-Hant']);
    expect(await admin('list', '--lang', 'ko')).toContain('faq\tko\t자주 묻는 질문');

    expect(await admin('del', 'faq', '--lang', 'zh')).toBe('Removed faq (1 version).');
    expect((await s.post('/enterprise/doc/detail', { slug: 'faq', lang: 'zh' }, a.token)).body.data).toMatchObject({ lang: 'en', title: 'FAQ' });
    expect((await s.post('/enterprise/doc/detail', { slug: 'faq', lang: 'zh-Hant' }, a.token)).body.data).toMatchObject({ lang: 'zh-Hant', title: '常見問題' });
    expect(await admin('del', 'faq')).toBe('Removed faq (3 versions).');
    expect((await s.post('/enterprise/doc/detail', { slug: 'faq' }, a.token)).body).toMatchObject({ code: 404, key: 'docs.notFound' });
    expect(await admin('list')).not.toContain('faq\t');
    // removed articles stay removed: the starter set is not written again
    expect(await docsService(s.built.ctx.db).seed()).toBe(0);

    await expect(admin('set', 'Bad Slug', file)).rejects.toThrow(/slug/);
    await expect(admin('set', 'x', htmlFile('untitled.html', '<p>no title</p>'))).rejects.toThrow(/<h1>/);
    await expect(admin('set', 'x', htmlFile('empty.html', '<h1>T</h1><script>1</script>'))).rejects.toThrow(/no text/);
    await expect(admin('set', 'x', file, '--lang', 'de')).rejects.toThrow(/en, zh, zh-Hant, ja, ko, id, th, fr, es, vi/);
    await expect(admin('set', 'x', path.join(tmp, 'missing.html'))).rejects.toThrow(/Cannot read/);
    await expect(admin('del', 'never-was')).rejects.toThrow(/no article/);
    await expect(admin('frob')).rejects.toThrow(/Usage/);
  });

  it('setNotice stores sanitized rich text that members read; a plain member cannot set it', async () => {
    const [owner, member] = [await s.user('Owner'), await s.user('Member')];
    await befriendAll(s, [owner, member]);
    const groups = groupApi(s);
    const gid = await groups.make(owner, [member]);
    const sock = await boundSocket(s.wsUrl, member.token);
    const given =
      '<h2>Trip</h2><p><strong>Bring</strong> water <img src=x onerror=alert(1)></p><ul><li>boots</li><li class="ql-indent-1">socks</li></ul>' +
      '<p><a href="https://maps.example/t">map</a> <a href=" JaVaScRiPt:alert(1)">bad</a></p><p onclick="alert(1)">x</p>';
    const res = await groups.call('setNotice', { id: gid, notice: given }, owner);
    const stored =
      '<h2>Trip</h2><p><strong>Bring</strong> water </p><ul><li>boots</li><li class="ql-indent-1">socks</li></ul>' +
      '<p><a href="https://maps.example/t" target="_blank" rel="noopener noreferrer nofollow">map</a> <a>bad</a></p><p>x</p>';
    expect(res.body).toMatchObject({ code: 0, data: { notice: stored } });
    expect((await sock.next('setNotice')).data).toMatchObject({ notice: stored });
    expect((await groups.group(gid)).notice).toBe(stored);
    const info = await groups.call('groupInfo', { group_id: gid }, member);
    expect(info.body.data.group.notice).toBe(stored);
    sock.close();

    // a plain member is refused and nothing changes
    const denied = await groups.call('setNotice', { id: gid, notice: '<p>mine now</p>' }, member);
    expect(denied.body).toMatchObject({ code: 403, key: 'groups.noticeDenied' });
    expect((await groups.group(gid)).notice).toBe(stored);

    // the limit counts the text a reader sees, not the markup
    const formatted = `<p><strong>${'b'.repeat(1000)}</strong><em>${'i'.repeat(1000)}</em></p>`;
    expect((await groups.call('setNotice', { id: gid, notice: formatted }, owner)).body.code).toBe(0);
    const over = `<p><strong>${'b'.repeat(1000)}</strong><em>${'i'.repeat(1001)}</em></p>`;
    expect((await groups.call('setNotice', { id: gid, notice: over }, owner)).body).toMatchObject({ code: 400, key: 'groups.noticeLong' });
    const huge = await groups.call('setNotice', { id: gid, notice: `<p>${'<u></u>'.repeat(5000)}x</p>` }, owner);
    expect(huge.status).toBeLessThan(500);
    expect(huge.body).toMatchObject({ code: 400, key: 'groups.noticeLong' });
  });
});
