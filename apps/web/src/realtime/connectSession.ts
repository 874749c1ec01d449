import { RELOGIN_REDIRECT_MS, } from '@parley/protocol';
import { answerText } from '../api/client.ts';
import { t } from '../i18n/index.ts';
import { isPending } from '../stores/messageList.ts';
import { useMessages } from '../stores/messages.ts';
import { useSession } from '../stores/session.ts';
import { configureAlerts } from './alerts.ts';
import { startFriendsSync } from './friendsSync.ts';
import { startGroupsSync } from './groupsSync.ts';
import { startMomentsSync } from './momentsSync.ts';
import { startProfileSync } from './profileSync.ts';
import { startConversationSync } from './sync.ts';
import { getSocketState, onPush, type SocketState, socket } from './socket.ts';
import type { RealtimeUi } from './ui.ts';

declare global {
  interface Window {
    /** Read-only hooks for end-to-end tests. */
    __parley?: {
      readonly socketState: SocketState;
      /** The msg_ids a conversation's cache holds, ascending (pending ones left out). */
      cachedMsgIds(contactId: string): number[];
    };
  }
}

/**
 * Ties the socket to the session: connected while a token is stored, closed without one; handles
 * forced logout, config updates and a refused bind.
 */
export function connectSession(ui: RealtimeUi): void {
  configureAlerts(ui);
  startFriendsSync();
  startGroupsSync(ui);
  startProfileSync();
  startConversationSync(ui);
  startMomentsSync();
  onPush('offline', () => {
    socket.disconnect();
    ui.toast(t('errors.forcedOffline'));
    ui.endSession();
  });

  onPush('updateConfig', (data) => {
    if (data?.sysInfo) useSession.getState().setSysInfo(data.sysInfo);
  });

  onPush('error', (data) => {
    if (data?.code !== -1) return;
    socket.disconnect();
    if (data.msg) void answerText(data).then((text) => ui.toast(text));
    else ui.toast(t('errors.sessionEnded'));
    setTimeout(ui.endSession, RELOGIN_REDIRECT_MS);
  });

  useSession.subscribe((state, previous) => {
    if (state.authToken === previous.authToken) return;
    socket.disconnect();
    if (state.authToken) socket.connect();
  });
  if (useSession.getState().authToken) socket.connect();

  // given up (the error state): the network or the page coming back tries again at once
  const retryIfGivenUp = () => {
    if (getSocketState() === 'error') socket.retry();
  };
  window.addEventListener('online', retryIfGivenUp);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') retryIfGivenUp();
  });

  window.__parley = {
    get socketState() {
      return getSocketState();
    },
    cachedMsgIds: (contactId) =>
      (useMessages.getState().byContact[contactId]?.items ?? []).filter((m) => !isPending(m)).map((m) => m.msg_id),
  };
}
