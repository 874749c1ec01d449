import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOC_LANGS } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriendAll, groupApi } from '../../testing/groupsKit.ts';
import { backends, boundSocket, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { sanitizeRichText } from '../../richText.ts';
import { docAdmin } from './admin.ts';
import { docsService } from './service.ts';
import { STARTER_SLUGS, starterDocs } from './starter.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-docs-'));
function htmlFile(name: string, html: string): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, html);
  return file;
}

describe('the starter help articles', () => {
  it('exist for every starter slug in the four docs languages, titled, and pass the sanitizer unchanged', () => {
    const docs = starterDocs();
    expect(docs).toHaveLength(STARTER_SLUGS.length * DOC_LANGS.length);
    for (const d of docs) {
      const body = d.file.replace(/^\s*<h1>[^<]+<\/h1>\s*/, '').trim();
      expect(body, `${d.slug}.${d.lang}`).not.toBe(d.file.trim());
      expect(sanitizeRichText(body), `${d.slug}.${d.lang}`).toBe(body);
    }
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
    const zh = await s.post('/enterprise/doc/index', { lang: 'zh' }, a.token);
    expect(zh.body.data[0]).toMatchObject({ slug: 'getting-started', lang: 'zh', title: '快速入门' });
    // a language without docs reads English
    const fr = await s.post('/enterprise/doc/index', { lang: 'fr' }, a.token);
    expect(fr.body.data.map((d: { lang: string }) => d.lang)).toEqual(STARTER_SLUGS.map(() => 'en'));
    const hant = await s.post('/enterprise/doc/detail', { slug: 'privacy', lang: 'zh-Hant' }, a.token);
    expect(hant.body.data).toMatchObject({ slug: 'privacy', lang: 'en', title: 'Privacy and security' });
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
    const stored = await s.post('/enterprise/doc/detail', { slug: 'faq', lang: 'en' }, a.token);
    expect(stored.body.data).toMatchObject({ title: 'FAQ', html: '<p>Ask <a>us</a> <strong>anything</strong></p>' });
    // a new slug goes to the end of the list
    const list = await s.post('/enterprise/doc/index', { lang: 'zh' }, b.token);
    expect(list.body.data.at(-1)).toMatchObject({ slug: 'faq', lang: 'zh', title: '常见问题' });
    const printed = await admin('list');
    expect(printed).toMatch(/^getting-started\ten\tGetting started\t/);
    expect(printed.split('\n').filter((l) => l.startsWith('faq\t')).map((l) => l.split('\t')[1])).toEqual(['en', 'ko', 'zh']);
    expect(await admin('list', '--lang', 'ko')).toContain('faq\tko\t자주 묻는 질문');

    expect(await admin('del', 'faq', '--lang', 'zh')).toBe('Removed faq (1 version).');
    expect((await s.post('/enterprise/doc/detail', { slug: 'faq', lang: 'zh' }, a.token)).body.data).toMatchObject({ lang: 'en', title: 'FAQ' });
    expect(await admin('del', 'faq')).toBe('Removed faq (2 versions).');
    expect((await s.post('/enterprise/doc/detail', { slug: 'faq' }, a.token)).body).toMatchObject({ code: 404, key: 'docs.notFound' });
    expect(await admin('list')).not.toContain('faq\t');
    // removed articles stay removed: the starter set is not written again
    expect(await docsService(s.built.ctx.db).seed()).toBe(0);

    await expect(admin('set', 'Bad Slug', file)).rejects.toThrow(/slug/);
    await expect(admin('set', 'x', htmlFile('untitled.html', '<p>no title</p>'))).rejects.toThrow(/<h1>/);
    await expect(admin('set', 'x', htmlFile('empty.html', '<h1>T</h1><script>1</script>'))).rejects.toThrow(/no text/);
    await expect(admin('set', 'x', file, '--lang', 'fr')).rejects.toThrow(/en, zh, ja, ko/);
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
