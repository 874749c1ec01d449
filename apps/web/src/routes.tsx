import { Navigate, type RouteObject } from 'react-router-dom';
import type { TabKey } from './stores/tabBar.ts';
import { type LazyPage, lazyPage } from './router/lazyPage.ts';
import { Paths } from './router/navigation.ts';
import type { RouteTitleKey } from './router/pageProps.ts';
import { RequireSession } from './router/RequireSession.tsx';
import { RoutePage } from './router/RoutePage.tsx';
import { TabLayout } from './router/TabLayout.tsx';

export interface AppRoute {
  path: string;
  titleKey: RouteTitleKey;
  page: LazyPage;
  /** Login and register are open to everyone; every other page needs a session. */
  access: 'public' | 'session';
  /** Shown with the tab bar, this tab selected. */
  tab?: TabKey;
}

const homePage = lazyPage(() => import('./pages/index/index.tsx'));

/** Every route of spec §2. The page of `#/pages/x/y` lives in `src/pages/x/y.tsx`. */
export const ROUTES: readonly AppRoute[] = [
  { path: Paths.home, titleKey: 'routes.home', page: homePage, access: 'session', tab: 'chats' },
  { path: Paths.homeIndex, titleKey: 'routes.home', page: homePage, access: 'session', tab: 'chats' },
  {
    path: Paths.contacts,
    titleKey: 'routes.contacts',
    page: lazyPage(() => import('./pages/contacts/index.tsx')),
    access: 'session',
    tab: 'contacts',
  },
  { path: Paths.login, titleKey: 'routes.login', page: lazyPage(() => import('./pages/login/index.tsx')), access: 'public' },
  { path: Paths.register, titleKey: 'routes.register', page: lazyPage(() => import('./pages/login/register.tsx')), access: 'public' },

  { path: '/pages/message/chat', titleKey: 'routes.chat', page: lazyPage(() => import('./pages/message/chat.tsx')), access: 'session' },
  { path: '/pages/message/emoji', titleKey: 'routes.emoji', page: lazyPage(() => import('./pages/message/emoji.tsx')), access: 'session' },
  { path: '/pages/message/detail', titleKey: 'routes.chatDetail', page: lazyPage(() => import('./pages/message/detail.tsx')), access: 'session' },
  { path: '/pages/message/record', titleKey: 'routes.record', page: lazyPage(() => import('./pages/message/record.tsx')), access: 'session' },
  { path: '/pages/message/call', titleKey: 'routes.call', page: lazyPage(() => import('./pages/message/call.tsx')), access: 'session' },
  { path: '/pages/message/video', titleKey: 'routes.video', page: lazyPage(() => import('./pages/message/video.tsx')), access: 'session' },
  { path: '/pages/message/redPacket', titleKey: 'routes.redPacket', page: lazyPage(() => import('./pages/message/redPacket.tsx')), access: 'session' },
  {
    path: '/pages/message/redPacketDetail',
    titleKey: 'routes.redPacket',
    page: lazyPage(() => import('./pages/message/redPacketDetail.tsx')),
    access: 'session',
  },
  {
    path: '/pages/message/redPacketLog',
    titleKey: 'routes.redPacketLog',
    page: lazyPage(() => import('./pages/message/redPacketLog.tsx')),
    access: 'session',
  },
  {
    path: '/pages/message/group/groupUser',
    titleKey: 'routes.groupUser',
    page: lazyPage(() => import('./pages/message/group/groupUser.tsx')),
    access: 'session',
  },
  {
    path: '/pages/message/group/info',
    titleKey: 'routes.groupInfo',
    page: lazyPage(() => import('./pages/message/group/info.tsx')),
    access: 'session',
  },

  { path: '/pages/contacts/detail', titleKey: 'routes.contactDetail', page: lazyPage(() => import('./pages/contacts/detail.tsx')), access: 'session' },
  { path: '/pages/contacts/friend', titleKey: 'routes.newFriends', page: lazyPage(() => import('./pages/contacts/friend.tsx')), access: 'session' },
  { path: '/pages/contacts/search', titleKey: 'routes.searchFriends', page: lazyPage(() => import('./pages/contacts/search.tsx')), access: 'session' },
  { path: '/pages/contacts/group', titleKey: 'routes.groupChats', page: lazyPage(() => import('./pages/contacts/group.tsx')), access: 'session' },

  {
    path: '/pages/index/userSelection',
    titleKey: 'routes.userSelection',
    page: lazyPage(() => import('./pages/index/userSelection.tsx')),
    access: 'session',
  },
  { path: '/pages/index/qrcode', titleKey: 'routes.qrcode', page: lazyPage(() => import('./pages/index/qrcode.tsx')), access: 'session' },
  { path: '/pages/index/search', titleKey: 'routes.search', page: lazyPage(() => import('./pages/index/search.tsx')), access: 'session' },
  { path: '/pages/index/scan', titleKey: 'routes.scan', page: lazyPage(() => import('./pages/index/scan.tsx')), access: 'session' },

  { path: '/pages/mine/wallet', titleKey: 'routes.wallet', page: lazyPage(() => import('./pages/mine/wallet.tsx')), access: 'session' },
  { path: '/pages/mine/bill', titleKey: 'routes.bill', page: lazyPage(() => import('./pages/mine/bill.tsx')), access: 'session' },
  { path: '/pages/mine/purse', titleKey: 'routes.purse', page: lazyPage(() => import('./pages/mine/purse.tsx')), access: 'session' },
  { path: '/pages/mine/profile', titleKey: 'routes.profile', page: lazyPage(() => import('./pages/mine/profile.tsx')), access: 'session' },
  { path: '/pages/mine/secure', titleKey: 'routes.secure', page: lazyPage(() => import('./pages/mine/secure.tsx')), access: 'session' },
  { path: '/pages/mine/about', titleKey: 'routes.about', page: lazyPage(() => import('./pages/mine/about.tsx')), access: 'session' },
  { path: '/pages/mine/setting', titleKey: 'routes.setting', page: lazyPage(() => import('./pages/mine/setting.tsx')), access: 'session' },
  { path: '/pages/mine/doc', titleKey: 'routes.doc', page: lazyPage(() => import('./pages/mine/doc.tsx')), access: 'session' },
  { path: '/pages/mine/i18n/i18n', titleKey: 'routes.language', page: lazyPage(() => import('./pages/mine/i18n/i18n.tsx')), access: 'session' },
  { path: '/pages/mine/webview', titleKey: 'routes.webview', page: lazyPage(() => import('./pages/mine/webview.tsx')), access: 'session' },

  { path: '/pages/compass/moments', titleKey: 'routes.moments', page: lazyPage(() => import('./pages/compass/moments.tsx')), access: 'session' },
  { path: '/pages/golist/golist', titleKey: 'routes.golist', page: lazyPage(() => import('./pages/golist/golist.tsx')), access: 'session' },
  { path: '/pages/goinfo/goinfo', titleKey: 'routes.goinfo', page: lazyPage(() => import('./pages/goinfo/goinfo.tsx')), access: 'session' },
  { path: '/extend/favorites/index', titleKey: 'routes.favorites', page: lazyPage(() => import('./extend/favorites/index.tsx')), access: 'session' },
];

function toRouteObject(route: AppRoute): RouteObject {
  return { path: route.path, element: <RoutePage page={route.page} titleKey={route.titleKey} /> };
}

/** The router configuration built from the table: public pages, then the session-guarded ones. */
export function buildRouteObjects(routes: readonly AppRoute[] = ROUTES): RouteObject[] {
  const guarded = routes.filter((route) => route.access === 'session');
  return [
    ...routes.filter((route) => route.access === 'public').map(toRouteObject),
    {
      element: <RequireSession />,
      children: [
        { element: <TabLayout />, children: guarded.filter((route) => route.tab).map(toRouteObject) },
        ...guarded.filter((route) => !route.tab).map(toRouteObject),
      ],
    },
    { path: '*', element: <Navigate to={Paths.home} replace /> },
  ];
}
