import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { loadAntdLocale } from './i18n/antdLocale.ts';
import { currentLanguage, loadStartTexts } from './i18n/index.ts';
import './styles.css';
import { topBarHeight } from './layout.ts';
import { Paths, routeOf } from './paths.ts';
import { hasSession } from './stores/session.ts';

document.documentElement.style.setProperty('--top-bar-height', `${topBarHeight(navigator.userAgent)}px`);

/** The whole app: router, query cache, socket and every route. */
async function openApp(root: Root): Promise<void> {
  const [{ App, startApp }, { resumeSession }] = await Promise.all([import('./App.tsx'), import('./session/resumeSession.ts'), loadStartTexts('all')]);
  startApp();
  resumeSession();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/** Without a session every address but the register page shows the login page, which needs none of the app. */
const startsAtLogin = (): boolean => !hasSession() && routeOf(window.location.hash).path !== Paths.register;

// The app's modules are loaded once the texts of the shown language are: none reads a text too early.
// A start at the login page loads only its texts; the app loads the others before it opens.
const atLogin = startsAtLogin();
void Promise.all([loadStartTexts(atLogin ? 'login' : 'all'), loadAntdLocale(currentLanguage)]).then(async () => {
  const root = createRoot(document.getElementById('root')!);
  if (atLogin) {
    const { showLoginAlone } = await import('./loginAlone.tsx');
    showLoginAlone(root, () => void openApp(root));
  } else {
    await openApp(root);
  }
  // the service worker (offline shell, Web Push, updates) comes after the first screen
  void import('./pwa/registerServiceWorker.ts').then((m) => m.registerServiceWorker());
});
