import { asRichText, RICH_TEXT_ALLOW, richTextUrlAllowed } from '@parley/protocol';
import createDOMPurify from 'dompurify';

/**
 * DOMPurify set up from the protocol's one allow-list (spec §9): the same tags, attributes per
 * tag, classes per tag and URL rule as the server's `sanitize-html`. Its own instance, so its hooks
 * touch nothing else.
 */
const purify = createDOMPurify(window);
const ALL_ATTRIBUTES = [...new Set(Object.values(RICH_TEXT_ALLOW.attributes).flat()), 'class'];

purify.addHook('uponSanitizeAttribute', (node, data) => {
  const tag = node.nodeName.toLowerCase();
  if (data.attrName === 'class') {
    const allowed = RICH_TEXT_ALLOW.classes[tag] ?? [];
    const kept = data.attrValue.split(/\s+/).filter((c) => allowed.includes(c));
    if (kept.length === 0) data.keepAttr = false;
    else data.attrValue = kept.join(' ');
    return;
  }
  if (!(RICH_TEXT_ALLOW.attributes[tag] ?? []).includes(data.attrName)) {
    data.keepAttr = false;
    return;
  }
  if ((data.attrName === 'href' || data.attrName === 'src') && !richTextUrlAllowed(tag, data.attrValue)) data.keepAttr = false;
});

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.hasAttribute('href')) {
    for (const [name, value] of Object.entries(RICH_TEXT_ALLOW.linkAttributes)) node.setAttribute(name, value);
  }
});

/** A stored rich text (or an old plain text) as HTML safe to show; like the server, an image without an allowed picture goes. */
export function purifyRichText(value: string): string {
  const fragment = purify.sanitize(asRichText(value), {
    RETURN_DOM_FRAGMENT: true,
    ALLOWED_TAGS: [...RICH_TEXT_ALLOW.tags],
    ALLOWED_ATTR: ALL_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // the hook applies the protocol's rule per tag; this only keeps DOMPurify from dropping data: images first
    ALLOWED_URI_REGEXP: /^(?:https?|mailto|tel|data):/i,
  });
  for (const img of fragment.querySelectorAll('img:not([src])')) img.remove();
  const box = document.createElement('div');
  box.append(fragment);
  return box.innerHTML;
}
