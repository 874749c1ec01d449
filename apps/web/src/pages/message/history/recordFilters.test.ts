import type { ChatMessage } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { hasLink, isGridFilter, recordQuery } from './recordFilters.ts';

const text = (content: string, is_undo: 0 | 1 = 0) => ({ content, is_undo, type: 'text' }) as ChatMessage;

describe('recordQuery', () => {
  it('asks the server for one type and the keyword', () => {
    expect(recordQuery('all', '')).toMatchObject({});
    expect(recordQuery('all', '')).not.toHaveProperty('type');
    expect(recordQuery('image', ' cat ')).toMatchObject({ type: 'image', keywords: 'cat' });
    expect(recordQuery('file', '')).not.toHaveProperty('keywords');
  });

  it('finds links among texts (the keyword, else http) and keeps only texts with a URL', () => {
    const q = recordQuery('link', '');
    expect(q).toMatchObject({ type: 'text', keywords: 'http' });
    expect(q.keep?.(text('see https://example.com/a'))).toBe(true);
    expect(q.keep?.(text('http is a protocol'))).toBe(false);
    expect(recordQuery('link', 'docs').keywords).toBe('docs');
  });

  it('leaves recalled messages out', () => {
    expect(recordQuery('all', '').keep?.(text('x', 1))).toBe(false);
  });

  it('knows links and media tabs', () => {
    expect(hasLink('www.parley.app')).toBe(true);
    expect(hasLink('你好')).toBe(false);
    expect(isGridFilter('image')).toBe(true);
    expect(isGridFilter('file')).toBe(false);
  });
});
