import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { i18nReady } from './i18n/index.ts';
import './styles.css';
import { topBarHeight } from './layout.ts';

// antd-mobile's imperative parts (Toast, Dialog) need React 19's root API.
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { _reactRoot?: Root };
  host._reactRoot ||= createRoot(host);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

document.documentElement.style.setProperty('--top-bar-height', `${topBarHeight(navigator.userAgent)}px`);

// The app's modules are loaded once the texts of the shown language are: none reads a text too early.
void i18nReady.then(async () => {
  const [{ App, startApp }, { resumeSession }] = await Promise.all([import('./App.tsx'), import('./session/resumeSession.ts')]);
  startApp();
  resumeSession();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // the service worker (offline shell, Web Push, updates) comes after the first screen
  void import('./pwa/registerServiceWorker.ts').then((m) => m.registerServiceWorker());
});
