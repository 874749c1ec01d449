import type { AuthResult } from '@parley/protocol';
import { logout } from '../api/auth.ts';
import { refreshGlobalConfig } from '../api/system.ts';
import { clearToasts } from '../components/feedback.tsx';
import { Paths } from '../paths.ts';
import { navigateTo } from '../router/navigation.ts';
import { useSession } from '../stores/session.ts';
import { endSession } from './endSession.ts';

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
  await logout();
  endSession();
}
