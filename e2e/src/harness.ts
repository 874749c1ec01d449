import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type BuiltApp, buildApp, loadConfig } from '@parley/server/testing';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 };

export interface E2eApp {
  url: string;
  built: BuiltApp;
  close(): Promise<void>;
}

/** The real server on an ephemeral port with a fresh SQLite file, serving the built web app; `env` adds settings. */
export async function startApp(env: Record<string, string> = {}): Promise<E2eApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    ...env,
  });
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const built = await buildApp(config);
  const url = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    built,
    async close() {
      await built.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });
}

export interface Phone {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
}

/**
 * A phone-sized browser context: one user. Service workers are blocked unless asked for: the app's
 * worker precaches the whole build, which only the tests of the installed app need.
 */
export async function openPhone(browser: Browser, baseUrl: string, viewport = PHONE, serviceWorkers: 'allow' | 'block' = 'block'): Promise<Phone> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    serviceWorkers,
    viewport,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    permissions: ['geolocation', 'clipboard-read', 'clipboard-write', 'notifications', 'microphone', 'camera'],
    geolocation: { latitude: 31.2304, longitude: 121.4737 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return { context, page, errors };
}

let seq = 0;
export function uniqueAccount(prefix: string): string {
  seq++;
  return `${prefix}${Date.now().toString(36)}${seq}`;
}
