import fs from 'node:fs';
import path from 'node:path';
import { DOC_LANGS, type DocLang } from '@parley/protocol';
import { SERVER_ROOT } from '../../serverRoot.ts';

/** The starter help articles shipped with Parley, in reading order; files `starter/<slug>.<lang>.html`. */
export const STARTER_SLUGS = ['getting-started', 'chats', 'groups', 'wallet', 'calls', 'privacy'] as const;

const DIR = path.join(SERVER_ROOT, 'src/modules/docs/starter');

export interface StarterDoc {
  slug: string;
  lang: DocLang;
  sort: number;
  /** the file as written: `<h1>Title</h1>` then the body */
  file: string;
}

/** Every starter article in every docs language. */
export function starterDocs(): StarterDoc[] {
  return STARTER_SLUGS.flatMap((slug, i) =>
    DOC_LANGS.map((lang) => ({ slug, lang, sort: (i + 1) * 10, file: fs.readFileSync(path.join(DIR, `${slug}.${lang}.html`), 'utf8') })),
  );
}
