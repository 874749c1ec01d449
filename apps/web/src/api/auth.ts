import type { AuthResult } from '@parley/protocol';
import { clearToasts } from '../components/feedback.tsx';
import { navigateTo } from '../router/navigation.ts';
import { endSession } from '../session/endSession.ts';
import { useSession } from '../stores/session.ts';
import { api } from './client.ts';
import { Endpoint } from './endpoints.ts';
import { refreshGlobalConfig } from './system.ts';
import { Paths } from '../paths.ts';

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
  return api.data<AuthResult>(Endpoint.login, { ...form, isMobile: 1 });
}

export function register(form: RegisterForm): Promise<AuthResult> {
  return api.data<AuthResult>(Endpoint.register, form);
}

/**
 * After login or registration: keep token and user, load the global config and open the home
 * page. The socket connects by itself once a token is stored.
 */
export async function completeSignIn(result: AuthResult): Promise<void> {
  clearToasts();
  useSession.getState().signIn(result.authToken, result.userInfo);
  await refreshGlobalConfig({ silent: true }).catch(() => undefined);
  navigateTo(Paths.home, { replace: true });
}

/** The user's own logout: revoke the token on the server (best effort), then end locally. */
export async function signOut(): Promise<void> {
  await api.post(Endpoint.logout, {}, { silent: true }).catch(() => undefined);
  endSession();
}
