import type { Gender, UserInfo } from '@parley/protocol';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

export function toUserInfo(row: UserRow): UserInfo {
  return {
    user_id: row.id,
    id: row.id,
    account: row.account,
    realname: row.nickname,
    nickname: row.nickname,
    displayName: row.nickname,
    avatar: row.avatar,
    gender: (['male', 'female', 'unknown'].includes(row.gender) ? row.gender : 'unknown') as Gender,
    signature: row.signature,
    email: row.email,
    invite_code: row.invite_code,
    verified: row.verified === 1,
    avatar_color: row.avatar_color,
  };
}
