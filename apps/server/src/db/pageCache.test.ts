import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from './index.ts';

it("keeps 64 MiB of pages in SQLite's cache for the database and for the attached search file (its default, 2 MB, made a million-message file read its index pages back from the OS on every send)", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-page-cache-'));
  const handle = await openDatabase({ dataDir });
  try {
    // negative: KiB rather than pages
    expect(handle.sqlite?.pragma('cache_size', { simple: true })).toBe(-65_536);
    expect(handle.sqlite?.pragma('search.cache_size', { simple: true })).toBe(-65_536);
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
