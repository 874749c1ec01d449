import { describe, expect, it } from 'vitest';
import { momentInteractionVisible, momentVisibleTo } from './moments.ts';

describe('moment visibility', () => {
  it.each([
    // reader, poster, actor, reader knows actor → visible
    [1, 1, 2, false, true], // the poster sees every like and comment
    [2, 1, 2, false, true], // the actor sees their own
    [3, 1, 2, true, true], // a friend of the actor
    [3, 1, 2, false, false], // a friend of the poster only
  ])('reader %i on a post of %i, by %i (knows: %s) → %s', (reader, poster, actor, knows, visible) => {
    expect(momentInteractionVisible({ reader, poster, actor, readerKnowsActor: knows })).toBe(visible);
  });

  it.each([
    [{ reader: 1, author: 1, isFriend: false, visibility: 'chosen', chosen: false }, true],
    [{ reader: 2, author: 1, isFriend: true, visibility: 'friends', chosen: false }, true],
    [{ reader: 2, author: 1, isFriend: false, visibility: 'friends', chosen: false }, false],
    [{ reader: 2, author: 1, isFriend: true, visibility: 'chosen', chosen: false }, false],
    [{ reader: 2, author: 1, isFriend: true, visibility: 'chosen', chosen: true }, true],
    [{ reader: 2, author: 1, isFriend: false, visibility: 'chosen', chosen: true }, false],
  ] as const)('a post %o is visible: %s', (input, visible) => {
    expect(momentVisibleTo(input)).toBe(visible);
  });
});
