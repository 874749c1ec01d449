import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { loadAntdLocale } from './i18n/antdLocale.ts';
import { currentLanguage, loadStartTexts } from './i18n/index.ts';
import './styles.css';
import { topBarHeight } from './layout.ts';
import { Paths, routeOf } from './paths.ts';
import { hasSession } from './stores/session.ts';

document.documentElement.style.setProperty('--top-bar-height', `${topBarHeight(navigator.userAgent)}px`);

const antdTexts = loadAntdLocale(currentLanguage);

/** The home page's code, when the start is there: fetched beside the app's rather than after it (no waterfall before the chat list). */
function firstPageCode(): Promise<unknown> | undefined {
  const { path } = routeOf(window.location.hash);
  return path === '' || path === Paths.home || path === Paths.homeIndex ? import('./pages/index/index.tsx') : undefined;
}

/**
 * The whole app: router, query cache, socket and every route. Its code loads beside the texts (no
 * module reads a text as it loads); nothing is drawn before they are there.
 */
async function openApp(root: Root): Promise<void> {
  const [{ App, startApp, preloadFirstPage }, { resumeSession }] = await Promise.all([
    import('./App.tsx'),
    import('./session/resumeSession.ts'),
    loadStartTexts('all'),
    antdTexts,
    firstPageCode(),
  ]);
  await preloadFirstPage();
  startApp();
  resumeSession();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/** The login page alone, with only its texts; the app loads the others before it opens. */
async function openLogin(root: Root): Promise<void> {
  const [{ showLoginAlone }] = await Promise.all([import('./loginAlone.tsx'), loadStartTexts('login'), antdTexts]);
  showLoginAlone(root, () => void openApp(root));
}

/** Without a session every address but the register page shows the login page, which needs none of the app. */
const startsAtLogin = (): boolean => !hasSession() && routeOf(window.location.hash).path !== Paths.register;

const root = createRoot(document.getElementById('root')!);
void (startsAtLogin() ? openLogin(root) : openApp(root)).then(() => {
  // the service worker (offline shell, Web Push, updates) comes after the first screen
  void import('./pwa/registerServiceWorker.ts').then((m) => m.registerServiceWorker());
});
