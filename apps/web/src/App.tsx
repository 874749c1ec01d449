import { lazy, Suspense } from 'react';
import { LazyQueryClientProvider } from './api/LazyQueryClientProvider.tsx';
import { loadQueryClient } from './api/queryClientRef.ts';
import { APP_COLUMN_ID } from './layout.ts';
import { currentLocation, HashRouter, navigate, onLocationChange } from './router/hashRouter.tsx';
import { navigateTo, registerNavigator } from './router/navigation.ts';
import { AppRoutes, preloadPageAt } from './routes.tsx';
import { configureAppApi } from './session/appApi.ts';
import { showToast } from './components/feedback.tsx';
import { endSession } from './session/endSession.ts';
import { useCalls } from './stores/calls.ts';
import { useSession } from './stores/session.ts';
import { startUnreadBadge } from './realtime/unreadBadge.ts';

registerNavigator(navigate);

/** For start.tsx: the chat list's snapshot written as the page is left, with the kept home screen. */
export { keepListSnapshot } from './stores/conversations.ts';

/** A frame is painted within this long, unless the page is hidden (no frames then). */
const PAINT_WAIT_MS = 300;

/** Runs `run` once the next frame has been painted (or after `PAINT_WAIT_MS` in a hidden page). */
function afterNextPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, PAINT_WAIT_MS);
}

/**
 * Hands the API client what it shows and where it sends the user; once the first screen is
 * painted, starts loading the socket layer and the offline copy of the chats (their code, run as it
 * comes in, would otherwise hold that paint back). Called once, before the first render.
 */
export function startApp(): void {
  configureAppApi();
  // the chats tab's count (and the title's) from the list as it is now, restored from the device at a
  // warm start: in the first draw, not once the socket layer is in
  startUnreadBadge();
  afterNextPaint(() => {
    startLive().catch((error: unknown) => console.error('the socket layer failed to load', error));
    whenSignedIn(() => void import('./offline/persistChats.ts').then((m) => m.startChatCache()));
  });
}

/**
 * The socket, its pushes, the calls and the query cache, loaded beside the first screen rather
 * than before it (the chat list loads over HTTP): handed what they show and where they send the
 * user, then connected to the session.
 */
async function startLive(): Promise<void> {
  const [{ connectSession }, { startCallSync }, { describeMessage }] = await Promise.all([
    import('./realtime/connectSession.ts'),
    import('./calls/engine.ts'),
    import('./pages/index/chatList/notification.ts'),
    loadQueryClient(),
  ]);
  startCallSync();
  connectSession({ toast: (text) => showToast(text), navigate: navigateTo, onLocationChange, endSession, describeMessage });
}

/**
 * The incoming-call screen: its code (about 3 kB gzip with its icons) is fetched when a call rings,
 * not at every start; the call engine, loaded by `startLive`, already rings.
 */
const IncomingCall = lazy(() => import('./components/call/IncomingCall.tsx').then((m) => ({ default: m.IncomingCall })));

function Ringing() {
  const ringing = useCalls((s) => s.call?.phase === 'incoming');
  return ringing ? (
    <Suspense fallback={null}>
      <IncomingCall />
    </Suspense>
  ) : null;
}

/** The code of the page the app opens at, loaded before the first draw so that the draw does not suspend (a failure is left to the page's own loading). */
export function preloadFirstPage(): Promise<void> {
  return preloadPageAt(currentLocation().pathname).catch(() => undefined);
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
    <LazyQueryClientProvider>
      <div id={APP_COLUMN_ID} className="app-column">
        <HashRouter>
          <AppRoutes />
        </HashRouter>
        <Ringing />
      </div>
    </LazyQueryClientProvider>
  );
}
