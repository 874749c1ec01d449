import { QueryClientProvider } from '@tanstack/react-query';
import { configureApi } from './api/client.ts';
import { queryClient } from './api/queryClient.ts';
import { startCallSync } from './calls/engine.ts';
import { IncomingCall } from './components/call/IncomingCall.tsx';
import { showAlert, showToast } from './components/feedback.tsx';
import { APP_COLUMN_ID } from './layout.ts';
import { describeMessage } from './pages/index/chatList/notification.ts';
import { connectSession } from './realtime/connectSession.ts';
import { HashRouter, navigate } from './router/hashRouter.tsx';
import { navigateTo, registerNavigator } from './router/navigation.ts';
import { AppRoutes } from './routes.tsx';
import { endSession } from './session/endSession.ts';
import { useSession } from './stores/session.ts';

registerNavigator(navigate);

/**
 * Hands the API client and the socket layer what they show and where they send the user, then
 * connects the socket to the session. Called once, before the first render.
 */
export function startApp(): void {
  configureApi({ toast: showToast, alert: showAlert, endSession });
  connectSession({ toast: (text) => showToast(text), navigate: navigateTo, endSession, describeMessage });
  startCallSync();
  whenSignedIn(() => void import('./offline/persistChats.ts').then((m) => m.startChatCache()));
}

/** Runs `start` once a session exists (now, or at the next sign-in): the sign-in page does not load what only signed-in pages need. */
function whenSignedIn(start: () => void): void {
  if (useSession.getState().authToken) {
    start();
    return;
  }
  const stop = useSession.subscribe((s) => {
    if (!s.authToken) return;
    stop();
    start();
  });
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <div id={APP_COLUMN_ID} className="app-column">
        <HashRouter>
          <AppRoutes />
        </HashRouter>
        <IncomingCall />
      </div>
    </QueryClientProvider>
  );
}
