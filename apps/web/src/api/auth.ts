import type { AuthResult } from '@parley/protocol';
import { api } from './client.ts';

export interface LoginForm {
  account: string;
  password: string;
  remember: boolean;
}

export interface RegisterForm {
  account: string;
  nickname: string;
  password: string;
  repassword: string;
}

export function login(form: LoginForm): Promise<AuthResult> {
  return api.call('login', { ...form, isMobile: 1 });
}

export function register(form: RegisterForm): Promise<AuthResult> {
  return api.call('register', form);
}

/** Revokes the session's token on the server (best effort: never throws). */
export async function logout(): Promise<void> {
  await api.envelope('logout', {}, { silent: true }).catch(() => undefined);
}
