import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import './i18n/index.ts';
import './styles.css';
import { App, startApp } from './App.tsx';
import { topBarHeight } from './layout.ts';
import { resumeSession } from './session/resumeSession.ts';

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
startApp();
resumeSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
