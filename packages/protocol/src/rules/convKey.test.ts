import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convKeyForContact, convKeyUsers, decodeConvKey, encodeConvKey, groupConvKey, privateConvKey, systemConvKey } from './convKey.ts';

describe('conversation keys', () => {
  it('orders the two users of a private key', () => {
    expect(privateConvKey(9, 3)).toBe('p:3:9');
    expect(privateConvKey(3, 9)).toBe('p:3:9');
    expect(groupConvKey(4)).toBe('g:4');
    expect(systemConvKey(0)).toBe('s:0');
  });

  it('decodes what it encodes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), fc.integer({ min: 1, max: 2_147_483_647 }), (a, b) => {
        const p = decodeConvKey(privateConvKey(a, b));
        expect(p).toEqual({ kind: 'private', users: [Math.min(a, b), Math.max(a, b)] });
        expect(p && encodeConvKey(p)).toBe(privateConvKey(a, b));
        expect(decodeConvKey(groupConvKey(a))).toEqual({ kind: 'group', groupId: a });
        expect(decodeConvKey(systemConvKey(b))).toEqual({ kind: 'system', userId: b });
      }),
    );
  });

  it('refuses keys it does not make', () => {
    for (const bad of ['', 'p:1', 'g:1:2', 's:x', 'x:1', 'p:1:2:3', 'g:', 'p:a:b']) expect(decodeConvKey(bad)).toBeNull();
  });

  it('names the users of private and system keys', () => {
    expect(convKeyUsers({ kind: 'private', users: [3 as never, 9 as never] })).toEqual([3, 9]);
    expect(convKeyUsers({ kind: 'private', users: [3 as never, 3 as never] })).toEqual([3]);
    expect(convKeyUsers({ kind: 'system', userId: 5 as never })).toEqual([5]);
    expect(convKeyUsers({ kind: 'group', groupId: 5 as never })).toEqual([]);
  });

  it('finds the key of a chat-list contact as one user sees it', () => {
    expect(convKeyForContact(7, '3')).toBe('p:3:7');
    expect(convKeyForContact(7, 'group-12')).toBe('g:12');
    expect(convKeyForContact(7, 'system')).toBe('s:7');
  });
});
