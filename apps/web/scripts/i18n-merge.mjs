#!/usr/bin/env node
// Merges translations into the locale files in one quick read-modify-write per language, so that
// several people can add keys side by side:  node apps/web/scripts/i18n-merge.mjs keys.json
// keys.json: { "zh": { "chat": { "send": "发送" } }, "en": { "chat": { "send": "Send" } }, "ko": …, "ja": … }
// Nested objects are merged deeply; existing keys are overwritten by the new values.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../src/i18n/locales');
const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

function merge(target, source) {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      if (!target[k] || typeof target[k] !== 'object') target[k] = {};
      merge(target[k], v);
    } else target[k] = v;
  }
  return target;
}

for (const [lang, tree] of Object.entries(input)) {
  const file = path.join(dir, `${lang}.json`);
  if (!fs.existsSync(file)) throw new Error(`No locale file ${file}`);
  const current = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, `${JSON.stringify(merge(current, tree), null, 2)}\n`);
  console.log(`merged into ${lang}.json`);
}
