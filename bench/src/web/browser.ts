import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium: no tool downloads a browser of its own. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 };
export const CPU_SLOWDOWN = 4;
/** Generous: the machine is shared and the page runs 4× slower than the CPU allows. */
export const STEP_TIMEOUT_MS = 60_000;

/** Quiet, sandbox-free headless Chromium (the bench runs as root). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, timeout: STEP_TIMEOUT_MS, args: CHROMIUM_ARGS });
}

/** What the web app keeps in localStorage for a signed-in user (apps/web/src/stores/session.ts, StorageKey). */
export interface WebSession {
  authToken: string;
  userInfo: Record<string, unknown>;
}

/**
 * A fresh phone-sized context (empty cache), signed in when `session` is given: its token and user
 * sit in localStorage before the first script runs. `headers` adds request headers.
 */
export function phoneContext(browser: Browser, url: string, session: WebSession | null, headers?: Record<string, string>): Promise<BrowserContext> {
  const origins = session
    ? [{ origin: url, localStorage: [{ name: 'authToken', value: session.authToken }, { name: 'userInfo', value: JSON.stringify(session.userInfo) }] }]
    : [];
  return browser.newContext({
    baseURL: url,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    storageState: { cookies: [], origins },
    ...(headers ? { extraHTTPHeaders: headers } : {}),
  });
}

/** A page of `context` whose renderer runs `CPU_SLOWDOWN` times slower (kept across its navigations). */
export async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/** A full (not same-document) navigation to `path`: by way of about:blank, as the app routes by hash. */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(path, { waitUntil: 'commit' });
}

/** Resolves once no request has started for `quietMs` (at most `maxMs`): lazy chunks have come in. */
export async function networkQuiet(page: Page, quietMs = 1000, maxMs = 15_000): Promise<void> {
  let last = Date.now();
  const seen = () => {
    last = Date.now();
  };
  page.on('request', seen);
  const started = Date.now();
  try {
    while (Date.now() - last < quietMs && Date.now() - started < maxMs) await page.waitForTimeout(100);
  } finally {
    page.off('request', seen);
  }
}
