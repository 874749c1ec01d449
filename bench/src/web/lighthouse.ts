import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, type WebSession } from './browser.ts';

export interface LighthouseResult {
  /** the performance category's score, 0–100 */
  score: number;
  /** the metrics behind it, display values (FCP, LCP, TBT, CLS, Speed Index) */
  metrics: Record<string, string>;
  /** Lighthouse's own warnings about the run */
  warnings: string[];
}

const METRICS = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift', SI: 'speed-index' };

/**
 * Signs the Chromium at `port` in: the token and user go into the origin's localStorage (from a
 * same-origin page that loads no script), then the HTTP cache is emptied so the audit loads cold.
 */
async function signIn(port: number, url: string, session: WebSession): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, { timeout: 60_000 });
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${url}/favicon.svg`, { timeout: 60_000 });
    await page.evaluate(({ authToken, userInfo }) => {
      localStorage.setItem('authToken', authToken);
      localStorage.setItem('userInfo', JSON.stringify(userInfo));
    }, session);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run in a fresh Chromium started by chrome-launcher. */
async function auditOnce(url: string, session: WebSession): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    maxConnectionRetries: 200,
  });
  try {
    await signIn(chrome.port, url, session);
    const result = await lighthouse(`${url}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      disableStorageReset: true,
      maxWaitForLoad: 90_000,
    });
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metrics = Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.displayValue ?? 'n/a']));
    return { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), metrics, warnings: lhr.runWarnings };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse (mobile form factor, its default simulated slow 4G and 4× CPU) on the signed-in home
 * page, performance category only, in Debian's Chromium (CHROME_PATH, else /usr/bin/chromium).
 * Lighthouse's own storage reset is off (it would sign the user out); the cache is emptied before
 * instead. A run whose trace came out broken (NO_NAVSTART and the like: "run Lighthouse again")
 * is run again, up to `tries` times.
 */
export async function lighthouseHome(url: string, session: WebSession, tries = 3): Promise<LighthouseResult> {
  for (let i = 1; ; i++) {
    try {
      return await auditOnce(url, session);
    } catch (err) {
      if (i >= tries) throw err;
      console.log(`  Lighthouse run ${i} failed (${err instanceof Error ? err.message.split('\n')[0] : err}); again`);
    }
  }
}
