/** Shapes the API returns (spec §3). */
export type Gender = 'male' | 'female' | 'unknown';

export interface UserInfo {
  user_id: number;
  id: number;
  account: string;
  realname: string;
  nickname: string;
  displayName: string;
  avatar: string;
  gender: Gender;
  signature: string;
  email: string;
  invite_code: string;
  verified: boolean;
  /** Background colour code of the drawn avatar (spec §3): 1 blue, 2 orange, 3 red, 4 green, 5 grey. */
  avatar_color: number;
}

export interface AuthResult {
  authToken: string;
  userInfo: UserInfo;
}
