import type { WebSession } from './browser.ts';

/** Signs `account` in over HTTP (the login endpoint the login page calls): the token and user the web app stores. */
export async function signInOverHttp(url: string, account: string, password: string): Promise<WebSession> {
  const res = await fetch(`${url}/common/pub/login`, {
    method: 'POST',
    // its own address: failed sign-ins of the fuzz section lock 127.0.0.1 out (the bench server trusts the proxy header)
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
    body: JSON.stringify({ account, password, isMobile: 0 }),
  });
  const body = (await res.json()) as { code: number; msg?: string; data?: { authToken: string; userInfo: Record<string, unknown> } };
  if (body.code !== 0 || !body.data) throw new Error(`login of ${account} refused: ${res.status} ${body.code} ${body.msg ?? ''}`);
  return { authToken: body.data.authToken, userInfo: body.data.userInfo };
}
