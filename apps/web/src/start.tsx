import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { loadAntdLocale } from './i18n/antdLocale.ts';
import { currentLanguage, loadStartTexts } from './i18n/index.ts';
import { dropHomePaint, replayPaintedTap, saveHomePaint } from './paint/keepHomePaint.ts';
import { Paths, routeOf } from './paths.ts';
import { hasSession } from './stores/session.ts';

const antdTexts = loadAntdLocale(currentLanguage);

/**
 * The whole app: router, query cache, socket and every route. Its code loads beside the texts (no
 * module reads a text as it loads), and the first page's before the first draw, which then does not
 * suspend; nothing is drawn before the texts are there.
 */
async function openApp(root: Root, container: HTMLElement): Promise<void> {
  // the chat list is asked for as soon as this small module is in, not once the app's code is
  const resumed = import('./session/resumeSession.ts').then((m) => m.resumeSession());
  const [{ App, startApp, preloadFirstPage, keepListSnapshot }] = await Promise.all([import('./App.tsx'), loadStartTexts('all'), antdTexts, resumed]);
  keepList = keepListSnapshot;
  await preloadFirstPage();
  startApp();
  // drawn in one go rather than time-sliced: other work coming in meanwhile does not hold the first screen back
  flushSync(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // the home screen painted from the last visit (paint/homePaint.ts) is replaced now: a tap on it is made again
  replayPaintedTap(container);
}

/** The login page alone, with only its texts; the app loads the others before it opens. */
async function openLogin(root: Root, container: HTMLElement): Promise<void> {
  const [{ showLoginAlone }] = await Promise.all([import('./loginAlone.tsx'), loadStartTexts('login'), antdTexts]);
  showLoginAlone(root, () => void openApp(root, container));
}

/** Without a session every address but the register page shows the login page, which needs none of the app. */
const startsAtLogin = (): boolean => !hasSession() && routeOf(window.location.hash).path !== Paths.register;

/** Writes the chat list's snapshot now (`stores/conversations.ts`), once the app's code is in. */
let keepList: (() => void) | null = null;

/**
 * Keeps the home screen for the next start's first paint as the page is left or hidden, and the
 * chat list's snapshot with it: the next start shows the counts of the same moment.
 */
function keepHomePaint(container: HTMLElement): void {
  const save = () => {
    keepList?.();
    saveHomePaint(container, currentLanguage);
  };
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
}

/** Starts the app in `container` (called by main.tsx, which may have painted the last home screen in it). */
export function start(container: HTMLElement): void {
  const root = createRoot(container);
  const atLogin = startsAtLogin();
  // a start at the login page has no session: nothing of the last one is painted again
  if (atLogin) dropHomePaint();
  void (atLogin ? openLogin(root, container) : openApp(root, container)).then(() => {
    keepHomePaint(container);
    // the service worker (offline shell, Web Push, updates) comes after the first screen, in a pause of use
    void import('./pwa/registerServiceWorker.ts').then((m) => m.registerServiceWorkerWhenQuiet());
  });
}
