import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as protocol from '@parley/protocol';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import { EXACT_SERVER_MESSAGES, type MessageMatch, matchServerMessage, SERVER_MESSAGE_PATTERNS } from './serverMessages.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

// ---------------------------------------------------------------------------------------------
// Reading the sources: a tiny scanner that knows string literals, templates and comments.

type Literal = { kind: 'string'; text: string } | { kind: 'template'; raw: string };

/** Index just past the string literal / template starting at `i` (a quote or backtick). */
function skipLiteral(src: string, i: number): number {
  const quote = src[i];
  let j = i + 1;
  while (j < src.length && src[j] !== quote) {
    if (src[j] === '\\') j += 2;
    else if (quote === '`' && src.startsWith('${', j)) j = skipBalanced(src, j + 1, '{', '}');
    else j++;
  }
  return j + 1;
}

/** Index just past the comment starting at `i`, or `i` when there is none. */
function skipComment(src: string, i: number): number {
  if (src.startsWith('//', i)) {
    const end = src.indexOf('\n', i);
    return end === -1 ? src.length : end;
  }
  if (src.startsWith('/*', i)) return src.indexOf('*/', i + 2) + 2;
  return i;
}

/** `open` is at `i`; the index just past its matching `close`. */
function skipBalanced(src: string, i: number, open: string, close: string): number {
  let depth = 0;
  let j = i;
  while (j < src.length) {
    const c = src[j];
    const afterComment = skipComment(src, j);
    if (afterComment !== j) j = afterComment;
    else if (c === "'" || c === '"' || c === '`') j = skipLiteral(src, j);
    else {
      if (c === open) depth++;
      else if (c === close && --depth === 0) return j + 1;
      j++;
    }
  }
  return j;
}

/** The top-level literals of a piece of code (literals inside a template's `${…}` belong to the template). */
function literalsIn(code: string): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  while (i < code.length) {
    const c = code[i];
    const afterComment = skipComment(code, i);
    if (afterComment !== i) {
      i = afterComment;
    } else if (c === "'" || c === '"' || c === '`') {
      const end = skipLiteral(code, i);
      const body = code.slice(i + 1, end - 1);
      out.push(c === '`' ? { kind: 'template', raw: body } : { kind: 'string', text: body.replace(/\\(.)/g, '$1') });
      i = end;
    } else i++;
  }
  return out;
}

/** The text from `start` to the first `;` (or end of line) outside brackets and literals. */
function statementFrom(src: string, start: number): string {
  let j = start;
  while (j < src.length && src[j] !== ';' && src[j] !== '\n') {
    const c = src[j];
    if (c === "'" || c === '"' || c === '`') j = skipLiteral(src, j);
    else if (c === '(') j = skipBalanced(src, j, '(', ')');
    else if (c === '{') j = skipBalanced(src, j, '{', '}');
    else j++;
  }
  return src.slice(start, j);
}

/** Message-like: has a space or ends a sentence ('Saved.'); not a word like 'expired' or 'memberMuted'. */
const looksLikeMessage = (text: string) => /\s/.test(text.trim()) || /\.$/.test(text);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));
}

const SERVER_FILES = [
  ...sourceFiles('apps/server/src/modules'),
  ...sourceFiles('apps/server/src/http'),
  ...sourceFiles('apps/server/src/realtime'),
];
const PROTOCOL_FILES = [...sourceFiles('packages/protocol/src/api'), 'packages/protocol/src/rules/validation.ts'];

/** Calls whose arguments are (or choose) the text sent to the client. */
const MESSAGE_CALL = /(?:refuse\.(?:bad|forbidden|notFound|sessionGone)|new ApiError|\bfailure|\bframeOf|new Answer)\s*\(/g;

interface Found {
  file: string;
  literal: Literal;
}

/** The source with its comments blanked out (so a text quoted in a doc comment is not taken for a message). */
function withoutComments(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const afterComment = skipComment(src, i);
    if (afterComment !== i) {
      out += src.slice(i, afterComment).replace(/[^\n]/g, ' ');
      i = afterComment;
    } else if (`'"\``.includes(src[i])) {
      const end = skipLiteral(src, i);
      out += src.slice(i, end);
      i = end;
    } else out += src[i++];
  }
  return out;
}

function collectFromSource(file: string, withConstantObjects: boolean): Found[] {
  const src = withoutComments(fs.readFileSync(path.join(root, file), 'utf8'));
  const found: Found[] = [];
  const add = (code: string) => {
    for (const literal of literalsIn(code)) found.push({ file, literal });
  };
  const literalAt = (i: number) => {
    const j = i + (/^\s*/.exec(src.slice(i))?.[0].length ?? 0);
    if (`'"\``.includes(src[j] ?? '')) add(src.slice(j, skipLiteral(src, j)));
  };
  for (const m of src.matchAll(MESSAGE_CALL)) {
    const open = (m.index ?? 0) + m[0].length - 1;
    const args = src.slice(open, skipBalanced(src, open, '(', ')'));
    add(args);
    // a constant named in the call: `refuse.bad(MALFORMED)` → `const MALFORMED = '…'`
    for (const [, name] of args.matchAll(/(?<!\.)\b([A-Z][A-Z0-9_]+)\b(?!\.)/g)) {
      const decl = new RegExp(`const ${name}\\s*=\\s*`).exec(src);
      if (decl) literalAt(decl.index + decl[0].length);
    }
  }
  // `{ msg: '…' }` pushes and answers, `{ reason: '…' }` verdicts, `(msg = '…')` defaults, zod `{ error: '…' }`
  for (const m of src.matchAll(/\b(?:msg|reason|error|message)\s*[:=]\s*(?=['"`])/g)) literalAt((m.index ?? 0) + m[0].length);
  // message-constant objects of the server (GroupText …); the protocol's are read at run time below
  for (const m of withConstantObjects ? src.matchAll(/export const \w+(?:Text|Msg|MSG)\s*=\s*\{/g) : []) {
    const open = (m.index ?? 0) + m[0].length - 1;
    add(src.slice(open, skipBalanced(src, open, '{', '}')));
  }
  // the generic texts of the error handler (`return '…'`, `return reply.send(failure(…))`, zodMessage)
  if (file.endsWith(path.join('http', 'errors.ts'))) {
    for (const m of src.matchAll(/\breturn\s/g)) add(statementFrom(src, (m.index ?? 0) + m[0].length));
  }
  return found.filter(({ literal }) => literal.kind === 'template' || looksLikeMessage(literal.text));
}

/**
 * Template literals the scanner meets, each with a sample of what it sends. A new or changed template
 * fails the test until it is listed here (and covered by a pattern). `null`: a truly dynamic text the
 * web cannot translate and shows as it came.
 */
const TEMPLATE_SAMPLES: Record<string, string | null> = {
  'Too many wrong attempts. Try again in ${minutes} minutes.': 'Too many wrong attempts. Try again in 3 minutes.',
  "Too many failed sign-in attempts. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.":
    'Too many failed sign-in attempts. Try again in 5 minutes.',
  'User ${missing} does not exist.': 'User 42 does not exist.',
  'You can only add your friends to a group: ${found.get(stranger)?.nickname} is not your friend.':
    'You can only add your friends to a group: 小明 is not your friend.',
  '${msg} ${formatUntil(verdict.until)}': 'You are muted in this group until 2030-01-02 03:04 UTC.',
  "Unknown message type \"${type.slice(0, 32)}\". Use one of: ${CLIENT_SEND_TYPES.join(', ')}.":
    'Unknown message type "gif". Use one of: text, emoji, image.',
  "No such endpoint: ${req.method} ${req.url.split('?')[0]}": 'No such endpoint: POST /enterprise/nope',
  "${field || 'body'} is required": 'user_id is required',
  'limit is at most ${MESSAGE_PAGE_MAX}': `limit is at most ${protocol.MESSAGE_PAGE_MAX}`,
  // zod's own wording after the field name ("user_id: Invalid input: expected number, received string"):
  // only a malformed API call gets it, never a form of the web; shown as it came.
  '${field}: ${issue.message}': null,
};

/** Every exported message-constant object of the protocol (ValidationMsg, UserMsg, MESSAGE_MSG, …), read at run time. */
const protocolConstants = Object.entries(protocol).filter(
  ([name, value]) =>
    /(?:Text|Msg|MSG)$/.test(name) &&
    value !== null &&
    typeof value === 'object' &&
    Object.values(value).every((v) => typeof v === 'string'),
);

/**
 * Protocol message texts that are not server messages: RuleMsg belongs to the web's own forms too,
 * so it is covered like the rest. Nothing is left out here today.
 */
function collectServerTexts(): { texts: Map<string, string>; unknownTemplates: string[] } {
  const texts = new Map<string, string>();
  const unknownTemplates: string[] = [];
  const sources = [...SERVER_FILES.map((file) => [file, true] as const), ...PROTOCOL_FILES.map((file) => [file, false] as const)];
  for (const [file, withConstantObjects] of sources) {
    for (const { literal } of collectFromSource(file, withConstantObjects)) {
      if (literal.kind === 'string') texts.set(literal.text, file);
      else if (!(literal.raw in TEMPLATE_SAMPLES)) unknownTemplates.push(`${file}: \`${literal.raw}\``);
      else {
        const sample = TEMPLATE_SAMPLES[literal.raw];
        if (sample !== null) texts.set(sample, file);
      }
    }
  }
  for (const [name, object] of protocolConstants) {
    for (const text of Object.values(object as Record<string, string>)) texts.set(text, `@parley/protocol ${name}`);
  }
  for (const bytes of [1024, 50 * 1024 * 1024, 1.5 * 1024 * 1024, 900]) {
    texts.set(protocol.fileTooLargeMessage(bytes), '@parley/protocol fileTooLargeMessage');
  }
  return { texts, unknownTemplates };
}

// ---------------------------------------------------------------------------------------------

const english = i18next.createInstance();
await english.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, initAsync: false, showSupportNotice: false });
const inEnglish = (match: MessageMatch) => english.t(match.key, match.values ?? {}) as string;

/** Exact texts worded slightly differently from the key's en text (the same refusal sent twice). */
const VARIANTS = new Set([
  'That file does not exist',
  'toContactId must be a user id, "group-<n>" or "system"',
  'Recording too short',
  'You are muted in this group until',
]);

describe('server messages', () => {
  it('maps exact texts to their key', () => {
    expect(matchServerMessage('Wrong account or password.')).toEqual({ key: 'server.wrongPassword' });
    expect(matchServerMessage('That account is already taken. Choose another.')).toEqual({ key: 'server.accountTaken' });
    expect(matchServerMessage('Friend request sent.')).toEqual({ key: 'server.requestSent' });
    expect(matchServerMessage('The group is muted: only the owner and admins can send messages.')).toEqual({
      key: 'server.muteAll',
    });
    expect(matchServerMessage(protocol.GroupMsg.nameEmpty)).toEqual({ key: 'server.groupNameEmpty' });
    expect(matchServerMessage(protocol.ValidationMsg.account)).toEqual({ key: 'validation.account' });
    expect(matchServerMessage(protocol.RuleMsg.payPasswordMismatch)).toEqual({ key: 'validation.passwordMismatch' });
  });

  it('maps texts with a variable part to their key and values', () => {
    expect(matchServerMessage('Too many failed sign-in attempts. Try again in 5 minutes.')).toEqual({
      key: 'server.tooManySignInAttempts',
      values: { count: 5 },
    });
    expect(matchServerMessage('Too many failed sign-in attempts. Try again in 1 minute.')).toEqual({
      key: 'server.tooManySignInAttempts',
      values: { count: 1 },
    });
    expect(matchServerMessage(protocol.fileTooLargeMessage(50 * 1024 * 1024))).toEqual({
      key: 'server.fileTooLarge',
      values: { limit: '50 MB' },
    });
    expect(matchServerMessage(protocol.MESSAGE_MSG.forwardTargets)).toEqual({
      key: 'server.forwardTargets',
      values: { max: String(protocol.FORWARD_MAX_TARGETS) },
    });
    expect(matchServerMessage('You can only add your friends to a group: Ann Lee is not your friend.')).toEqual({
      key: 'server.notFriendForGroup',
      values: { name: 'Ann Lee' },
    });
    expect(matchServerMessage('user_id is required')).toEqual({ key: 'server.fieldRequired', values: { field: 'user_id' } });
    const muted = matchServerMessage('You are muted in this group until 2030-01-02 03:04 UTC.');
    expect(muted?.key).toBe('server.memberMutedUntil');
    expect(String(muted?.values?.until)).toMatch(/^2030-01-0[12] \d{2}:\d{2}$/);
    expect(matchServerMessage('Something the table does not know')).toBeNull();
  });

  it('names only keys that en.json has', () => {
    const server = en.server as Record<string, string>;
    const validation = en.validation as Record<string, string>;
    const keys = [...EXACT_SERVER_MESSAGES.map(([, key]) => key), ...SERVER_MESSAGE_PATTERNS.map(({ key }) => key)];
    const missing = keys.filter((key) => {
      const [ns, name] = key.split('.');
      const tree = ns === 'server' ? server : validation;
      return !(name in tree) && !(`${name}_other` in tree);
    });
    expect(missing).toEqual([]);
  });

  it('gives each exact text a single key', () => {
    const keys = new Map<string, Set<string>>();
    for (const [text, key] of EXACT_SERVER_MESSAGES) keys.set(text, (keys.get(text) ?? new Set()).add(key));
    expect([...keys].filter(([, set]) => set.size > 1).map(([text]) => text)).toEqual([]);
  });

  const { texts, unknownTemplates } = collectServerTexts();

  it('finds the server texts (the scanner works)', () => {
    expect(texts.size).toBeGreaterThan(150);
    expect(texts.has('Wrong account or password.')).toBe(true);
    expect(texts.has('Your session has ended. Please log in again.')).toBe(true);
    expect(texts.has('Choose a JPEG, PNG, WebP or GIF image for the emoji.')).toBe(true);
    expect(texts.has('The upload is not a valid multipart form. Send the file in a field named "file".')).toBe(true);
    expect(texts.has('This group has been dissolved.')).toBe(true);
  });

  it('knows every template literal of the server (add new ones to TEMPLATE_SAMPLES and a pattern)', () => {
    expect(unknownTemplates).toEqual([]);
  });

  it('covers every text the server can send', () => {
    const uncovered = [...texts].filter(([text]) => !matchServerMessage(text)).map(([text, file]) => `${file}: ${text}`);
    expect(uncovered, 'server texts missing from apps/web/src/i18n/serverMessages.ts').toEqual([]);
  });

  it('has en texts equal to what the server sends', () => {
    const differ = [...texts.keys()]
      .filter((text) => !VARIANTS.has(text))
      .map((text) => ({ text, match: matchServerMessage(text) }))
      .filter(({ match }) => match && match.key !== 'server.memberMutedUntil')
      .filter(({ text, match }) => inEnglish(match as MessageMatch) !== text)
      .map(({ text, match }) => `${text} ≠ ${inEnglish(match as MessageMatch)}`);
    expect(differ).toEqual([]);
  });
});
