/**
 * Navigation usable outside React components (session end, push reactions wired by `App`, the login
 * page shown alone). The app registers the router's navigate at start-up; before that, the hash is
 * changed directly. Route paths live in `paths.ts`.
 */
type Navigator = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(`#${to}`);
  else window.location.hash = `#${to}`;
};

export function registerNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}
