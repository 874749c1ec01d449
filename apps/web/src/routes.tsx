import type { TabKey } from './stores/tabBar.ts';
import { drawAtOnceWhen, Navigate, useLocation } from './router/hashRouter.tsx';
import { bundledPage, type LazyPage, lazyPage } from './router/lazyPage.ts';
import type { RouteTitleKey } from './router/pageProps.ts';
import { RequireSession } from './router/RequireSession.tsx';
import { RoutePage } from './router/RoutePage.tsx';
import { TabLayout } from './router/TabLayout.tsx';
import { Paths } from './paths.ts';
import HomePage from './pages/index/index.tsx';

export interface AppRoute {
  path: string;
  titleKey: RouteTitleKey;
  page: LazyPage;
  /** Login and register are open to everyone; every other page needs a session. */
  access: 'public' | 'session';
  /** Shown with the tab bar, this tab selected. */
  tab?: TabKey;
}

/** The first screen of nearly every start comes with the app's code: fetched beside it, not after it, and drawn without suspending. */
const homePage = bundledPage(HomePage);

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

  { path: Paths.chat, titleKey: 'routes.chat', page: lazyPage(() => import('./pages/message/chat.tsx')), access: 'session' },
  { path: Paths.emoji, titleKey: 'routes.emoji', page: lazyPage(() => import('./pages/message/emoji.tsx')), access: 'session' },
  { path: Paths.chatDetail, titleKey: 'routes.chatDetail', page: lazyPage(() => import('./pages/message/detail.tsx')), access: 'session' },
  { path: Paths.record, titleKey: 'routes.record', page: lazyPage(() => import('./pages/message/record.tsx')), access: 'session' },
  { path: Paths.call, titleKey: 'routes.call', page: lazyPage(() => import('./pages/message/call.tsx')), access: 'session' },
  { path: Paths.video, titleKey: 'routes.video', page: lazyPage(() => import('./pages/message/video.tsx')), access: 'session' },
  { path: Paths.redPacket, titleKey: 'routes.redPacket', page: lazyPage(() => import('./pages/message/redPacket.tsx')), access: 'session' },
  {
    path: Paths.redPacketDetail,
    titleKey: 'routes.redPacket',
    page: lazyPage(() => import('./pages/message/redPacketDetail.tsx')),
    access: 'session',
  },
  {
    path: Paths.redPacketLog,
    titleKey: 'routes.redPacketLog',
    page: lazyPage(() => import('./pages/message/redPacketLog.tsx')),
    access: 'session',
  },
  {
    path: Paths.groupMembers,
    titleKey: 'routes.groupUser',
    page: lazyPage(() => import('./pages/message/group/groupUser.tsx')),
    access: 'session',
  },
  {
    path: Paths.groupInfo,
    titleKey: 'routes.groupInfo',
    page: lazyPage(() => import('./pages/message/group/info.tsx')),
    access: 'session',
  },

  { path: Paths.contactDetail, titleKey: 'routes.contactDetail', page: lazyPage(() => import('./pages/contacts/detail.tsx')), access: 'session' },
  { path: Paths.newFriends, titleKey: 'routes.newFriends', page: lazyPage(() => import('./pages/contacts/friend.tsx')), access: 'session' },
  { path: Paths.userSearch, titleKey: 'routes.searchFriends', page: lazyPage(() => import('./pages/contacts/search.tsx')), access: 'session' },
  { path: Paths.groupList, titleKey: 'routes.groupChats', page: lazyPage(() => import('./pages/contacts/group.tsx')), access: 'session' },

  {
    path: Paths.userSelection,
    titleKey: 'routes.userSelection',
    page: lazyPage(() => import('./pages/index/userSelection.tsx')),
    access: 'session',
  },
  { path: Paths.qrcode, titleKey: 'routes.qrcode', page: lazyPage(() => import('./pages/index/qrcode.tsx')), access: 'session' },
  { path: Paths.search, titleKey: 'routes.search', page: lazyPage(() => import('./pages/index/search.tsx')), access: 'session' },
  { path: Paths.scan, titleKey: 'routes.scan', page: lazyPage(() => import('./pages/index/scan.tsx')), access: 'session' },

  { path: Paths.wallet, titleKey: 'routes.wallet', page: lazyPage(() => import('./pages/mine/wallet.tsx')), access: 'session' },
  { path: Paths.bill, titleKey: 'routes.bill', page: lazyPage(() => import('./pages/mine/bill.tsx')), access: 'session' },
  { path: Paths.purse, titleKey: 'routes.purse', page: lazyPage(() => import('./pages/mine/purse.tsx')), access: 'session' },
  { path: Paths.profile, titleKey: 'routes.profile', page: lazyPage(() => import('./pages/mine/profile.tsx')), access: 'session' },
  { path: Paths.secure, titleKey: 'routes.secure', page: lazyPage(() => import('./pages/mine/secure.tsx')), access: 'session' },
  { path: Paths.about, titleKey: 'routes.about', page: lazyPage(() => import('./pages/mine/about.tsx')), access: 'session' },
  { path: Paths.setting, titleKey: 'routes.setting', page: lazyPage(() => import('./pages/mine/setting.tsx')), access: 'session' },
  { path: Paths.doc, titleKey: 'routes.doc', page: lazyPage(() => import('./pages/mine/doc.tsx')), access: 'session' },
  { path: Paths.language, titleKey: 'routes.language', page: lazyPage(() => import('./pages/mine/i18n/i18n.tsx')), access: 'session' },
  { path: Paths.webview, titleKey: 'routes.webview', page: lazyPage(() => import('./pages/mine/webview.tsx')), access: 'session' },

  { path: Paths.moments, titleKey: 'routes.moments', page: lazyPage(() => import('./pages/compass/moments.tsx')), access: 'session' },
  { path: Paths.golist, titleKey: 'routes.golist', page: lazyPage(() => import('./pages/golist/golist.tsx')), access: 'session' },
  { path: Paths.goinfo, titleKey: 'routes.goinfo', page: lazyPage(() => import('./pages/goinfo/goinfo.tsx')), access: 'session' },
  { path: Paths.work, titleKey: 'routes.work', page: lazyPage(() => import('./pages/work/index.tsx')), access: 'session' },
  { path: Paths.workList, titleKey: 'routes.workList', page: lazyPage(() => import('./pages/work/list.tsx')), access: 'session' },
  { path: Paths.workRecord, titleKey: 'routes.workRecord', page: lazyPage(() => import('./pages/work/record.tsx')), access: 'session' },
  { path: Paths.favorites, titleKey: 'routes.favorites', page: lazyPage(() => import('./extend/favorites/index.tsx')), access: 'session' },
];

const byPath = new Map(ROUTES.map((route) => [route.path.toLowerCase(), route]));

/** The route of a path: paths match without regard to case or a trailing slash, as react-router matched them. */
export function routeAt(pathname: string): AppRoute | undefined {
  return byPath.get(pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname);
}

drawAtOnceWhen(
  (location) => routeAt(location.pathname)?.page.ready() ?? false,
  (location) => routeAt(location.pathname)?.page.preload(),
);

/** Loads the code of the page at `pathname`, so that its first draw does not suspend. */
export async function preloadPageAt(pathname: string): Promise<void> {
  await routeAt(pathname)?.page.preload();
}

/**
 * The page of the current address: public pages as they are, the others behind the session guard,
 * the two tab pages inside the tab layout (which stays mounted while switching tabs); an unknown
 * path goes home.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const route = routeAt(pathname);
  if (!route) return <Navigate to={Paths.home} replace />;
  const page = <RoutePage page={route.page} titleKey={route.titleKey} />;
  if (route.access === 'public') return page;
  return <RequireSession>{route.tab ? <TabLayout>{page}</TabLayout> : page}</RequireSession>;
}
