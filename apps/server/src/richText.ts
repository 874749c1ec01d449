import { asRichText, RICH_TEXT_ALLOW, RICH_TEXT_IMAGE_SCHEMES, RICH_TEXT_LINK_SCHEMES, richTextUrlAllowed } from '@parley/protocol';
import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

/** `sanitize-html` set up from the protocol's one allow-list (spec §9); the display applies the same list with DOMPurify. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_ALLOW.tags],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ALLOW.attributes).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedClasses: Object.fromEntries(Object.entries(RICH_TEXT_ALLOW.classes).map(([tag, classes]) => [tag, [...classes]])),
  allowedSchemes: [],
  allowedSchemesByTag: { a: [...RICH_TEXT_LINK_SCHEMES], img: [...RICH_TEXT_IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  parseStyleAttributes: false,
  transformTags: {
    b: 'strong',
    i: 'em',
    // the protocol's URL rule on top of the scheme lists (it also refuses relative URLs and
    // raster-less data: URLs); a link always opens apart from the app
    a: (tagName, attribs) => {
      const { href, target: _target, rel: _rel, ...rest } = attribs;
      if (href === undefined || !richTextUrlAllowed('a', href)) return { tagName, attribs: rest };
      return { tagName, attribs: { ...rest, href: href.trim(), ...RICH_TEXT_ALLOW.linkAttributes } };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src !== undefined && richTextUrlAllowed('img', src) ? { ...rest, src: src.trim() } : rest };
    },
  },
  // an image without a picture left is dropped; a link without an address keeps its text
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** `sanitize-html` (with its HTML and CSS parsers) is loaded on the first rich text, not at start: it weighs ~15 MB. */
let sanitizer: typeof sanitizeHtml | undefined;

/** Sanitized rich text: only the allow-list's tags, attributes, classes and URL schemes remain. */
export function sanitizeRichText(html: string): string {
  sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml;
  return sanitizer(html, OPTIONS).trim();
}

/** A value that may be rich text or an old plain text, as sanitized rich text ('' stays ''). */
export function normalizeRichText(value: string): string {
  return sanitizeRichText(asRichText(value));
}
