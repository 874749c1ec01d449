/**
 * Navigation usable outside React (API client, socket). The app registers the router's navigate
 * at start-up; before that, the hash is changed directly.
 */
type Navigator = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigator = (to) => {
  window.location.hash = `#${to}`;
};

export function registerNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}

export const Paths = {
  home: '/',
  homeIndex: '/pages/index/index',
  contacts: '/pages/contacts/index',
  login: '/pages/login/index',
  register: '/pages/login/register',
} as const;
