import type {
  DeviceItem,
  Gender,
  MyQrcode,
  PublicProfile,
  ScanResult,
  SearchUserItem,
  UserInfo,
} from '@parley/protocol';
import { useSession } from '../stores/session.ts';
import { api, type RequestOptions } from './client.ts';
import { UPLOAD_TIMEOUT_MS } from './uploads.ts';

/** TanStack Query key of a user's profile (the user page). */
export const profileQueryKey = (userId: number) => ['profile', userId] as const;

/** Typed calls of the users module (docs/api/users.md): profiles, search, personal area, security, QR codes. */

/** My own full userInfo; the stored copy is refreshed too. */
export async function fetchMyInfo(options?: RequestOptions): Promise<UserInfo> {
  // without user_id the answer is my own userInfo (the other member of the endpoint's union)
  const info = (await api.call('getUserInfo', {}, options)) as UserInfo;
  useSession.getState().setUserInfo(info);
  return info;
}

export function fetchProfile(userId: number, options?: RequestOptions): Promise<PublicProfile> {
  return api.call('getUserInfo', { user_id: userId }, options) as Promise<PublicProfile>;
}

export function searchUsers(keywords: string, options?: RequestOptions): Promise<SearchUserItem[]> {
  return api.call('searchUser', { keywords }, options);
}

export interface ProfilePatch {
  nickname?: string;
  gender?: Gender;
  signature?: string;
  email?: string;
}

/** Saves profile fields and keeps the stored userInfo in step. */
export async function updateMyInfo(patch: ProfilePatch): Promise<UserInfo> {
  const info = await api.call('updateUserInfo', patch);
  useSession.getState().setUserInfo(info);
  return info;
}

/** Mails a 6-digit code to the address (purpose 'verify'). */
export async function sendVerifyCode(email: string): Promise<void> {
  await api.envelope('sendCode', { target: email, purpose: 'verify' });
}

export async function verifyEmail(email: string, code: string): Promise<UserInfo> {
  const info = await api.call('verifyEmail', { email, code });
  useSession.getState().setUserInfo(info);
  return info;
}

export async function editAccount(account: string): Promise<UserInfo> {
  const info = await api.call('editAccount', { account });
  useSession.getState().setUserInfo(info);
  return info;
}

export function editPassword(body: { oldPassword: string; password: string; repassword: string }): Promise<{ signedOut: number }> {
  return api.call('editPassword', body);
}

export function listDevices(options?: RequestOptions): Promise<DeviceItem[]> {
  return api.call('deviceList', {}, options);
}

export function signOutDevice(id: number): Promise<{ id: number; current: boolean }> {
  return api.call('signOutDevice', { id });
}

export function fetchMyQrcode(options?: RequestOptions): Promise<MyQrcode> {
  return api.call('myQrcode', {}, options);
}

/** What a scanned text stands for; a refusal (forged, expired, not ours) is an ApiError. */
export function resolveScan(text: string, options?: RequestOptions): Promise<ScanResult> {
  return api.call('scanQr', { text }, options);
}

/** Uploads a (cropped) avatar image; the server sets it as my avatar. The stored userInfo gets the new url. */
export async function uploadAvatar(file: Blob, name = 'avatar.jpg'): Promise<{ file_id: number; url: string }> {
  const form = new FormData();
  form.append('file', file, name);
  const result = await api.upload('uploadAvatar', form, { timeoutMs: UPLOAD_TIMEOUT_MS });
  const user = useSession.getState().userInfo;
  if (user) useSession.getState().setUserInfo({ ...user, avatar: result.url });
  return result;
}
