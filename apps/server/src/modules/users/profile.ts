import { type Gender, indexLetterOf, type PublicProfile, type UserLite } from '@parley/protocol';
import type { UserRow } from '../auth/users.ts';

/** The columns every public view needs (never the password hash). */
export const PUBLIC_COLUMNS = [
  'id',
  'account',
  'nickname',
  'avatar',
  'avatar_color',
  'gender',
  'signature',
  'verified',
  'status',
  'created_at',
] as const;

export type PublicRow = Pick<UserRow, (typeof PUBLIC_COLUMNS)[number]>;

function gender(g: string): Gender {
  return g === 'male' || g === 'female' ? g : 'unknown';
}

/** A user as shown beside a request: no private fields; `remark` is the viewer's remark name if any. */
export function toUserLite(row: PublicRow, remark = ''): UserLite {
  return {
    user_id: row.id,
    account: row.account,
    nickname: row.nickname,
    displayName: remark || row.nickname,
    avatar: row.avatar,
    avatar_color: row.avatar_color,
  };
}

export interface Viewpoint {
  isSelf: boolean;
  isFriend: boolean;
  remark: string;
  online: boolean;
}

/**
 * What `viewer` may see of a user. Strangers get public fields only; a friend also sees `email`;
 * yourself also sees `email` and `invite_code`. `phone` is never shown here.
 */
export function toPublicProfile(row: PublicRow & Partial<Pick<UserRow, 'email' | 'invite_code'>>, v: Viewpoint): PublicProfile {
  const displayName = (v.isFriend && v.remark) || row.nickname;
  const out: PublicProfile = {
    user_id: row.id,
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    realname: row.nickname,
    displayName,
    remark: v.isFriend ? v.remark : '',
    avatar: row.avatar,
    avatar_color: row.avatar_color,
    gender: gender(row.gender),
    signature: row.signature,
    verified: row.verified === 1,
    is_friend: v.isFriend,
    is_self: v.isSelf,
    is_online: v.online ? 1 : 0,
    index: indexLetterOf(displayName),
  };
  if ((v.isSelf || v.isFriend) && row.email !== undefined) out.email = row.email;
  if (v.isSelf && row.invite_code !== undefined) out.invite_code = row.invite_code;
  return out;
}
