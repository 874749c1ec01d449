import { describe, expect, it } from 'vitest';
import {
  asRichText,
  isRichText,
  plainTextToHtml,
  RICH_TEXT_INDENT_CLASSES,
  richTextLength,
  richTextToPlain,
  richTextUrlAllowed,
  splitArticle,
  withLinkScheme,
} from './richText.ts';

describe('rich-text rules (spec §9)', () => {
  it('offers indent levels 1 to 8', () => {
    expect(RICH_TEXT_INDENT_CLASSES).toEqual(['ql-indent-1', 'ql-indent-2', 'ql-indent-3', 'ql-indent-4', 'ql-indent-5', 'ql-indent-6', 'ql-indent-7', 'ql-indent-8']);
  });

  it.each([
    ['a', 'http://x.example', true],
    ['a', 'HTTPS://x.example', true],
    ['a', 'mailto:a@x.example', true],
    ['a', 'tel:+8610', true],
    ['a', 'javascript:alert(1)', false],
    ['a', ' JaVaScRiPt:alert(1)', false],
    ['a', 'java\nscript:alert(1)', false],
    ['a', 'java\u0000script:alert(1)', false],
    ['a', 'vbscript:x', false],
    ['a', 'data:text/html,x', false],
    ['a', 'ftp://x.example', false],
    ['a', '/relative', false],
    ['a', '//x.example', false],
    ['img', 'https://x.example/p.png', true],
    ['img', 'data:image/png;base64,AAAA', true],
    ['img', 'data:image/svg+xml;base64,AAAA', false],
    ['img', 'mailto:a@x.example', false],
    ['img', 'x', false],
    ['p', 'https://x.example', false],
  ])('%s %j allowed: %s', (tag, url, allowed) => {
    expect(richTextUrlAllowed(tag, url)).toBe(allowed);
  });

  it('adds https:// to a typed host and leaves the rest', () => {
    expect(withLinkScheme(' parley.example/help ')).toBe('https://parley.example/help');
    expect(withLinkScheme('mailto:a@x.example')).toBe('mailto:a@x.example');
    expect(withLinkScheme('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(withLinkScheme('hello')).toBe('hello');
  });

  it('tells rich text from an old plain text and turns plain text into escaped paragraphs', () => {
    expect(isRichText('<p>x</p>')).toBe(true);
    expect(isRichText('  <UL><li>x</li></UL>')).toBe(true);
    expect(isRichText('<b>not a block</b>')).toBe(false);
    expect(isRichText('Meet at 9')).toBe(false);
    expect(plainTextToHtml('a < b\r\n\r\n"c" & \'d\'')).toBe('<p>a &lt; b</p><p><br></p><p>&quot;c&quot; &amp; &#39;d&#39;</p>');
    expect(plainTextToHtml('   ')).toBe('');
    expect(asRichText('<p>kept</p>')).toBe('<p>kept</p>');
  });

  it('gives the text a reader sees, and counts it without the markup', () => {
    const html = '<h2>Trip</h2><p><strong>Bring</strong> a &amp; b&nbsp;c</p><ul><li>one</li><li>two<br>lines</li></ul>';
    expect(richTextToPlain(html)).toBe('Trip\nBring a & b c\none\ntwo\nlines');
    expect(richTextLength(html)).toBe('TripBring a & b conetwolines'.length);
    expect(richTextLength('<p>&#x1F600;&lt;</p>')).toBe(2);
    expect(richTextToPlain('plain <b> stays')).toBe('plain <b> stays');
  });

  it('splits an article file into its <h1> title and body', () => {
    expect(splitArticle('\n<h1>Getting <em>started</em></h1>\n<p>Body</p>')).toEqual({ title: 'Getting started', html: '<p>Body</p>' });
    expect(splitArticle('<p>No title</p>')).toBeNull();
    expect(splitArticle('<h1> </h1><p>x</p>')).toBeNull();
  });
});
