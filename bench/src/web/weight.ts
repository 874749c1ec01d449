import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { networkQuiet, phoneContext, STEP_TIMEOUT_MS, type WebSession } from './browser.ts';

export interface JsWeight {
  /** gzip bytes of every script the page loaded, as they came over the wire */
  bytes: number;
  /** the same scripts' build-time `.gz` copies in apps/web/dist (gzipped here where the build made none) */
  distBytes: number;
  files: { path: string; bytes: number; encoding: string }[];
}

/** The build-time gzip copy of a served file, or the file gzipped here when the build made none (under 1 kB). */
function distGzipSize(webDist: string, urlPath: string): number {
  const file = path.join(webDist, decodeURIComponent(urlPath));
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : Number.NaN;
}

/**
 * The JavaScript a route loads, in gzip bytes: a fresh context (empty cache) that accepts gzip only
 * opens `hashPath`, waits for `readySelector` and for the network to go quiet (the lazy chunks the
 * page fetches right after), and adds up the encoded body of every `.js` response.
 */
export async function jsWeight(browser: Browser, url: string, webDist: string, session: WebSession | null, hashPath: string, readySelector: string): Promise<JsWeight> {
  const context = await phoneContext(browser, url, session, { 'accept-encoding': 'gzip' });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const pending: Promise<JsWeight['files'][number] | null>[] = [];
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      if (!pathname.endsWith('.js')) return;
      pending.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
          return { path: pathname, bytes: sizes.responseBodySize, encoding };
        })().catch(() => null),
      );
    });
    await page.goto(`/${hashPath}`, { timeout: STEP_TIMEOUT_MS });
    await page.locator(readySelector).first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await networkQuiet(page);
    const files = (await Promise.all(pending)).filter((f) => f !== null);
    return {
      bytes: files.reduce((sum, f) => sum + f.bytes, 0),
      distBytes: files.reduce((sum, f) => sum + distGzipSize(webDist, f.path), 0),
      files,
    };
  } finally {
    await context.close();
  }
}
