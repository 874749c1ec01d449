/** Server paths the web calls (spec §7). All are POST with a JSON body. */
export const Endpoint = {
  login: '/common/pub/login',
  register: '/common/pub/register',
  logout: '/common/pub/logout',
  bindUid: '/common/pub/bindUid',
  getSystemInfo: '/common/pub/getSystemInfo',
  checkVersion: '/common/pub/checkVersion',
} as const;
