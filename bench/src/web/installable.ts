import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, networkQuiet, PHONE, STEP_TIMEOUT_MS, type WebSession } from './browser.ts';
import { CHAT_ROW } from './homeLoad.ts';

/**
 * Whether Chromium would install the home page as an app: CDP `Page.getInstallabilityErrors` once
 * the signed-in page is drawn and its network quiet (Lighthouse 12 has no PWA category any more).
 * It runs in a profile on disk, as a person's browser would: an incognito-like context is never
 * installable. Installable when the list is empty; otherwise the errors, as `id(arguments)`.
 */
export async function installabilityErrors(url: string, session: WebSession): Promise<string[]> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-profile-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      timeout: STEP_TIMEOUT_MS,
      args: CHROMIUM_ARGS,
      baseURL: url,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      // sign in from a same-origin document that runs no script, then open the home page
      await page.goto('/favicon.svg');
      await page.evaluate(({ authToken, userInfo }) => {
        localStorage.setItem('authToken', authToken);
        localStorage.setItem('userInfo', JSON.stringify(userInfo));
      }, session);
      await page.goto('/');
      await page.locator(CHAT_ROW).first().waitFor({ state: 'visible' });
      await networkQuiet(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      return installabilityErrors.map((e) => {
        const args = e.errorArguments.map((a) => `${a.name}=${a.value}`).join(', ');
        return args ? `${e.errorId}(${args})` : e.errorId;
      });
    } finally {
      await context.close();
    }
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
