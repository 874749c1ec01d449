import type { AuthResult } from '@parley/protocol';
import { refreshGlobalConfig } from '../api/system.ts';
import { clearToasts } from '../components/feedback.tsx';
import { Paths } from '../paths.ts';
import { navigateTo } from '../router/navigation.ts';
import { useSession } from '../stores/session.ts';

/**
 * After login or registration: keep token and user, load the global config and open the home
 * page. The socket connects by itself once a token is stored.
 */
export async function completeSignIn(result: AuthResult): Promise<void> {
  // a login error's toast may still be up
  clearToasts();
  useSession.getState().signIn(result.authToken, result.userInfo);
  await refreshGlobalConfig({ silent: true }).catch(() => undefined);
  navigateTo(Paths.home, { replace: true });
}
