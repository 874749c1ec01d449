import { describe, expect, it } from 'vitest';
import { profilePatch } from './profilePatch.ts';

const change = { user_id: 7, nickname: 'Bob', avatar: '/common/upload/file/9?u=7&exp=0&sig=x', avatar_color: 3 };

describe('profilePatch', () => {
  it('takes the new avatar and name', () => {
    expect(profilePatch(change, undefined)).toEqual({
      friend: { avatar: change.avatar, avatar_color: 3, nickname: 'Bob', displayName: 'Bob' },
      row: { avatar: change.avatar, avatar_color: 3, displayName: 'Bob' },
    });
  });

  it('keeps my remark as the shown name', () => {
    const patch = profilePatch(change, { remark: 'Bobby' });
    expect(patch.row.displayName).toBe('Bobby');
    expect(patch.friend).toMatchObject({ nickname: 'Bob', displayName: 'Bobby' });
  });
});
