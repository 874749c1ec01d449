/**
 * Each language's texts are served in three parts (the build's `localeParts` plugin in
 * vite.config.ts picks the top-level sections of its JSON file and mounts the domain bundles):
 * what a start at the login page shows, what the home page and the app shell add, and the rest,
 * which every other page loads before it draws (`loadDeferredTexts`). A section listed in neither list that the login or the home page shows
 * would show its key: keep these lists in step with the texts of `pages/login/index.tsx`, of
 * `pages/index/index.tsx` and of what they import (and of the toasts of the HTTP client, the socket
 * layer and the service worker's update prompt).
 */
export const LOGIN_SECTIONS: readonly string[] = ['about', 'common', 'errors', 'login', 'pwa', 'routes'];
export const HOME_SECTIONS: readonly string[] = ['chats', 'events', 'home', 'socket', 'tabbar'];

export type LocalePart = 'login' | 'home' | 'rest';

/**
 * Domain bundles (`domains/<domain>/<code>.json`, mounted under the domain's key) that come with the
 * home part: an incoming call shows the calls' texts over any page. Every other domain comes with
 * the rest (the refusals of the error table, the texts of the pages behind the home page), so a
 * page behind the home page waits for one file of texts, not one per domain (on a slowed phone each
 * file cost the main thread about 5 ms of the first open of a chat).
 */
export const HOME_DOMAINS: readonly string[] = ['calls'];

export const partOfDomain = (domain: string): LocalePart => (HOME_DOMAINS.includes(domain) ? 'home' : 'rest');

export function partOf(section: string): LocalePart {
  if (LOGIN_SECTIONS.includes(section)) return 'login';
  return HOME_SECTIONS.includes(section) ? 'home' : 'rest';
}
