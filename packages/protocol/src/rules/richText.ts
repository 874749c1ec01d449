/**
 * Rich text (spec §9): the one allow-list that the server sanitizer (`sanitize-html`) and the
 * display (DOMPurify) both apply, and the small pure helpers around it. The editor (Quill 2) makes
 * exactly this: headers 1–3, bold, italic, underline, links, ordered and bullet lists, indent
 * levels 1–8, and images over http, https or data.
 */

/** Indent levels the editor offers (Quill's `ql-indent-1` … `ql-indent-8`). */
export const RICH_TEXT_INDENT_MAX = 8;
export const RICH_TEXT_INDENT_CLASSES: readonly string[] = Array.from({ length: RICH_TEXT_INDENT_MAX }, (_, i) => `ql-indent-${i + 1}`);

/** The editor's toolbar, in the spec's order (Quill's default toolbar). */
export const RICH_TEXT_TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'link'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['clean'],
] as const;

/** The Quill formats the editor keeps (anything else pasted in is dropped). */
export const RICH_TEXT_FORMATS = ['header', 'bold', 'italic', 'underline', 'link', 'list', 'indent', 'image'] as const;

export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
export const RICH_TEXT_IMAGE_SCHEMES = ['http', 'https', 'data'] as const;

/** Block tags a stored rich text starts with (used to tell it from an old plain-text value). */
const BLOCK_TAGS = ['p', 'h1', 'h2', 'h3', 'ol', 'ul'] as const;

/** The allow-list: tags, attributes per tag, classes per tag. Nothing else survives. */
export const RICH_TEXT_ALLOW = {
  tags: [...BLOCK_TAGS, 'li', 'br', 'strong', 'em', 'u', 'a', 'img'],
  attributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
  } as Record<string, readonly string[]>,
  classes: Object.fromEntries(['p', 'h1', 'h2', 'h3', 'li'].map((tag) => [tag, RICH_TEXT_INDENT_CLASSES])) as Record<string, readonly string[]>,
  /** the attributes every kept link gets */
  linkAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
} as const;

/** Data URLs an image may have: raster pictures only, base64. */
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/**
 * Whether `url` may stand in `tag`'s link or image attribute. Control characters and white space
 * are removed before the scheme is read (browsers ignore them too: `java\tscript:`), the scheme is
 * compared without case, and a URL without a scheme (relative) is refused.
 */
export function richTextUrlAllowed(tag: string, url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside a scheme
  const squeezed = url.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(squeezed)?.[1]?.toLowerCase();
  if (!scheme) return false;
  if (tag === 'a') return (RICH_TEXT_LINK_SCHEMES as readonly string[]).includes(scheme);
  if (tag === 'img') {
    if (scheme === 'data') return DATA_IMAGE.test(url.trim());
    return (RICH_TEXT_IMAGE_SCHEMES as readonly string[]).includes(scheme);
  }
  return false;
}

/** Adds `https://` to a link typed without a scheme (`parley.example/help`); other values stay. */
export function withLinkScheme(url: string): string {
  const trimmed = url.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  if (/^[^\s/]+\.[^\s/]+/.test(trimmed)) return `https://${trimmed}`;
  return trimmed;
}

/** Whether a stored value is rich text (HTML made by the editor) rather than an old plain text. */
export function isRichText(value: string): boolean {
  return new RegExp(`^\\s*<(?:${BLOCK_TAGS.join('|')})[\\s>]`, 'i').test(value);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A plain text as rich text: escaped, one paragraph per line (an empty text stays empty). */
export function plainTextToHtml(text: string): string {
  if (!text.trim()) return '';
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line.trim() ? `<p>${escapeHtml(line)}</p>` : '<p><br></p>'))
    .join('');
}

/** Any stored value (rich or plain) as rich text. */
export function asRichText(value: string): string {
  return isRichText(value) ? value : plainTextToHtml(value);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/**
 * The text of a rich text (or of a plain one), blocks on their own lines: for previews, counts
 * and search. Meant for sanitized HTML; the result is text, never markup.
 */
export function richTextToPlain(value: string): string {
  if (!isRichText(value)) return value;
  const text = value
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|h[1-3]|li|ol|ul)>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** The length a reader sees (characters of text, not of markup): what a notice limit counts. */
export function richTextLength(value: string): number {
  return [...richTextToPlain(value).replace(/\n/g, '')].length;
}

/** An article file: `<h1>Title</h1>` first, then the body. Gives null when there is no title. */
export function splitArticle(html: string): { title: string; html: string } | null {
  const m = /^\s*<h1(?:\s[^>]*)?>([\s\S]*?)<\/h1>/i.exec(html);
  if (!m) return null;
  const title = richTextToPlain(`<p>${m[1] ?? ''}</p>`).replace(/\s+/g, ' ').trim();
  if (!title) return null;
  return { title, html: html.slice(m[0].length).trim() };
}
