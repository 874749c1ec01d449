import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { configureApi } from './api/client.ts';
import { t } from './i18n/index.ts';
import { APP_COLUMN_ID } from './layout.ts';
import LoginPage from './pages/login/index.tsx';
import { Paths, routeOf } from './paths.ts';
import { showPageTitle } from './router/pageTitle.ts';

import { showAlert, showToast } from './components/feedback.tsx';

const onLoginPage = (): boolean => routeOf(window.location.hash).path === Paths.login;

/**
 * A start without a session shows the login page alone: no router, no query cache, no socket, no
 * stores of the signed-in pages. Once the page navigates elsewhere (signed in, or to the register
 * page) `openApp` takes over the root with the whole app, which opens where the address now points.
 */
export function showLoginAlone(root: Root, openApp: () => void): void {
  // the login call's refusals are toasts; antd-mobile's toasts load with the first one shown
  configureApi({
    toast: (text, tone) => showToast(text, tone),
    alert: showAlert,
    endSession: () => undefined,
  });
  if (!onLoginPage()) window.history.replaceState(window.history.state, '', `#${Paths.login}`);
  showPageTitle(t('routes.login'));
  const leave = () => {
    if (onLoginPage()) return;
    window.removeEventListener('hashchange', leave);
    openApp();
  };
  window.addEventListener('hashchange', leave);
  root.render(
    <StrictMode>
      <div id={APP_COLUMN_ID} className="app-column">
        <LoginPage />
      </div>
    </StrictMode>,
  );
}
