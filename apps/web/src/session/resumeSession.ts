import { refreshGlobalConfig } from '../api/system.ts';
import { useConversations } from '../stores/conversations.ts';
import { hasSession } from '../stores/session.ts';
import { configureAppApi } from './appApi.ts';

/**
 * On start-up with a stored session: the chat list shown at once from this device's snapshot of
 * it and asked of the server now, before its page's code has even loaded; the global config
 * refreshed in the background.
 */
export function resumeSession(): void {
  if (!hasSession()) return;
  // the list's answer may come before the app's code: a lost session is handled all the same
  configureAppApi();
  useConversations.getState().restoreSnapshot();
  void useConversations.getState().load();
  void refreshGlobalConfig({ silent: true }).catch(() => undefined);
}
