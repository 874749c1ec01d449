/**
 * Each language's JSON file is served in two parts (the build's `localeParts` plugin in
 * vite.config.ts picks the top-level sections): what a start at the login page shows, and the
 * rest, which the app loads before it opens. The login page's start so fetches about a third of
 * the texts. A section missing here that the login page shows would show its key: keep this list
 * in step with the texts of `pages/login/index.tsx` and what it imports (and of the toasts of the
 * HTTP client and the service worker's update prompt).
 */
export const LOGIN_SECTIONS: readonly string[] = ['about', 'common', 'errors', 'login', 'pwa', 'routes'];

export type LocalePart = 'login' | 'rest';
