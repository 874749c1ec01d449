import { loadedQueryClient } from '../api/queryClientRef.ts';
import { navigateTo } from '../router/navigation.ts';
import { useSession } from '../stores/session.ts';
import { Paths } from '../paths.ts';
import { forgetPushLocally } from '../pwa/webPush.ts';

/**
 * Ends the session locally (spec §4 "Forced logout"): forgets user and token, drops cached server
 * data and shows the login page. The socket follows the token and closes by itself.
 */
export function endSession(): void {
  useSession.getState().clear();
  void forgetPushLocally().catch(() => undefined);
  loadedQueryClient()?.clear();
  navigateTo(Paths.login, { replace: true });
}
