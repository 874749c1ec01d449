import { describe, expect, it } from 'vitest';
import { normalizeRichText, sanitizeRichText } from './richText.ts';

const LINK = 'target="_blank" rel="noopener noreferrer nofollow"';

/** input → what the server stores (spec §9 allow-list). */
const TABLE: Array<[string, string, string]> = [
  // kept formatting
  ['headers 1-3', '<h1>A</h1><h2>B</h2><h3>C</h3>', '<h1>A</h1><h2>B</h2><h3>C</h3>'],
  ['bold, italic, underline', '<p><strong>b</strong> <em>i</em> <u>u</u></p>', '<p><strong>b</strong> <em>i</em> <u>u</u></p>'],
  ['b and i become strong and em', '<p><b>b</b><i>i</i></p>', '<p><strong>b</strong><em>i</em></p>'],
  ['lists', '<ol><li>one</li></ol><ul><li>dot</li></ul>', '<ol><li>one</li></ol><ul><li>dot</li></ul>'],
  ['indent 1 and 8 kept, 9 and others dropped', '<p class="ql-indent-1">a</p><li class="ql-indent-8">b</li><p class="ql-indent-9 x">c</p>', '<p class="ql-indent-1">a</p><li class="ql-indent-8">b</li><p>c</p>'],
  ['http link', '<a href="http://a.example/x">x</a>', `<a href="http://a.example/x" ${LINK}>x</a>`],
  ['https link, spaces trimmed', '<a href="  https://a.example/  ">x</a>', `<a href="https://a.example/" ${LINK}>x</a>`],
  ['mailto and tel links', '<a href="mailto:a@b.example">m</a><a href="tel:+8610">t</a>', `<a href="mailto:a@b.example" ${LINK}>m</a><a href="tel:+8610" ${LINK}>t</a>`],
  ['image over https', '<img src="https://a.example/p.png" alt="p">', '<img alt="p" src="https://a.example/p.png" />'],
  ['image as data', '<img src="data:image/png;base64,iVBORw0KGgo=">', '<img src="data:image/png;base64,iVBORw0KGgo=" />'],
  ['entities stay escaped', '<p>a &lt; b &amp; c</p>', '<p>a &lt; b &amp; c</p>'],
  // removed
  ['script and its text', '<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
  ['script in upper case', '<SCRIPT SRC=//x.example/a.js></SCRIPT><p>ok</p>', '<p>ok</p>'],
  ['on* attributes', '<p onclick="alert(1)" onmouseover=alert(1)>x</p>', '<p>x</p>'],
  ['img onerror', '<img src=x onerror=alert(1)>', ''],
  ['img onerror with an allowed src', '<img src="https://a.example/p.png" onerror="alert(1)">', '<img src="https://a.example/p.png" />'],
  ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ['mixed-case JaVaScRiPt:', '<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
  ['entity-encoded javascript:', '<a href="&#106;&#97;vascript:alert(1)">x</a>', '<a>x</a>'],
  ['hex entity javascript:', '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>', '<a>x</a>'],
  ['tab inside the scheme', '<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
  ['newline inside the scheme', '<a href="java&#10;script:alert(1)">x</a>', '<a>x</a>'],
  ['leading spaces and control chars', '<a href=" \u0001javascript:alert(1)">x</a>', '<a>x</a>'],
  ['vbscript:', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
  ['VBScript: mixed case', '<a href="VbScRiPt:msgbox(1)">x</a>', '<a>x</a>'],
  ['data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
  ['relative link', '<a href="/pages/mine/doc">x</a>', '<a>x</a>'],
  ['protocol-relative image', '<img src="//evil.example/p.png">', ''],
  ['javascript: image', '<img src="javascript:alert(1)">', ''],
  ['svg data image', '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">', ''],
  ['style, iframe, svg and forms', '<style>p{}</style><iframe src="https://a.example"></iframe><svg><script>1</script></svg><form><input></form><p>t</p>', '<p>t</p>'],
  ['style attribute and ids', '<p style="color:red" id="x" data-x="1">t</p>', '<p>t</p>'],
  ['unknown tags keep their text', '<div><span>hello</span></div>', 'hello'],
  ['a link keeps no target or rel of its own', '<a href="https://a.example" target="_self" rel="opener">x</a>', `<a href="https://a.example" ${LINK}>x</a>`],
];

describe('the rich-text sanitizer (spec §9, one allow-list in the protocol)', () => {
  it.each(TABLE)('%s', (_name, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('is stable: sanitizing its own output changes nothing', () => {
    for (const [, input] of TABLE) {
      const once = sanitizeRichText(input);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });

  it('turns an old plain text into escaped paragraphs and keeps rich text as it is', () => {
    expect(normalizeRichText('Meet at 9\n<b>bring</b> a & b')).toBe('<p>Meet at 9</p><p>&lt;b&gt;bring&lt;/b&gt; a &amp; b</p>');
    expect(normalizeRichText('<img src=x onerror=alert(1)>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(normalizeRichText('<p>x<script>1</script></p>')).toBe('<p>x</p>');
    expect(normalizeRichText('')).toBe('');
  });
});
