import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../serverRoot.ts';
import { starterDocs } from './starter.ts';

/** Every text of the web app's interface in one language (its main file and each domain's). */
function interfaceTexts(lang: string): Set<string> {
  const root = path.join(SERVER_ROOT, '../web/src/i18n');
  const files = [path.join(root, 'locales', `${lang}.json`), ...fs.readdirSync(path.join(root, 'domains')).map((d) => path.join(root, 'domains', d, `${lang}.json`))];
  const texts = new Set<string>();
  const collect = (node: unknown): void => {
    if (typeof node === 'string') texts.add(comparable(node));
    else if (node && typeof node === 'object') for (const value of Object.values(node)) collect(value);
  };
  for (const file of files.filter((f) => fs.existsSync(f))) collect(JSON.parse(fs.readFileSync(file, 'utf8')));
  return texts;
}

const comparable = (text: string) => text.toLowerCase().replaceAll('’', "'");

describe('starter help articles', () => {
  it('name every button, tab and menu item in bold exactly as the interface of their language shows it', () => {
    const strangers: string[] = [];
    const byLang = new Map<string, Set<string>>();
    for (const doc of starterDocs()) {
      if (!byLang.has(doc.lang)) byLang.set(doc.lang, interfaceTexts(doc.lang));
      const texts = byLang.get(doc.lang) as Set<string>;
      for (const [, name] of doc.file.matchAll(/<strong>([^<]+)<\/strong>/g)) {
        if (name !== '+' && !texts.has(comparable(name))) strangers.push(`${doc.slug}.${doc.lang}: ${name}`);
      }
    }
    expect(byLang.size).toBe(10);
    expect(strangers).toEqual([]);
  });
});
