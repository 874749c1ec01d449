import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { queryClient } from './api/queryClient.ts';
import { IncomingCall } from './components/call/IncomingCall.tsx';
import { ANTD_LOCALES } from './i18n/antdLocale.ts';
import { currentLanguage } from './i18n/index.ts';
import { APP_COLUMN_ID } from './layout.ts';
import { registerNavigator } from './router/navigation.ts';
import { buildRouteObjects } from './routes.tsx';

const router = createHashRouter(buildRouteObjects());
registerNavigator((to, options) => void router.navigate(to, options));

const locale = ANTD_LOCALES[currentLanguage];
// Imperative dialogs and toasts render outside the tree and read the default config.
setDefaultConfig({ locale });

export function App() {
  return (
    <ConfigProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <div id={APP_COLUMN_ID} className="app-column">
          <RouterProvider router={router} />
          <IncomingCall />
        </div>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
