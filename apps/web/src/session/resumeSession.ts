import { refreshGlobalConfig } from '../api/system.ts';
import { hasSession } from '../stores/session.ts';

/** On start-up with a stored session: refresh the global config in the background. */
export function resumeSession(): void {
  if (hasSession()) void refreshGlobalConfig({ silent: true }).catch(() => undefined);
}
