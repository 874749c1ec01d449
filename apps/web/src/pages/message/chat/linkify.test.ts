import { describe, expect, it } from 'vitest';
import { isSafeHttpUrl, linkify } from './linkify.ts';

describe('linkify', () => {
  it('keeps plain text (HTML included) as text', () => {
    expect(linkify('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]);
  });

  it('finds http and https links and trims trailing punctuation', () => {
    expect(linkify('see https://a.example/x?y=1. and http://b.example')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://a.example/x?y=1', href: 'https://a.example/x?y=1' },
      { kind: 'text', text: '. and ' },
      { kind: 'link', text: 'http://b.example', href: 'http://b.example' },
    ]);
  });

  it('stops at Chinese punctuation and never links other schemes', () => {
    expect(linkify('打开https://a.cn，好')).toEqual([
      { kind: 'text', text: '打开' },
      { kind: 'link', text: 'https://a.cn', href: 'https://a.cn' },
      { kind: 'text', text: '，好' },
    ]);
    expect(linkify('javascript:alert(1) data:text/html,x')).toEqual([{ kind: 'text', text: 'javascript:alert(1) data:text/html,x' }]);
    expect(isSafeHttpUrl('javascript:alert(1)')).toBe(false);
  });

  it('an empty text has no parts', () => {
    expect(linkify('')).toEqual([]);
  });
});
