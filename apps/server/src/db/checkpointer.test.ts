import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { migrate, openDatabase } from './index.ts';

it('commits never checkpoint on the event loop: the worker copies the write-ahead log into the file', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-checkpoint-'));
  const handle = await openDatabase({ dataDir });
  try {
    await migrate(handle);
    const file = path.join(dataDir, 'parley.sqlite');
    const threshold = handle.sqlite?.pragma('wal_autocheckpoint', { simple: true }) as number;
    await sql`create table kv_probe (v text)`.execute(handle.db);
    // what was written so far goes into the file (here, on this thread); then more than the default 1,000-page threshold, well under this connection's
    expect(threshold).toBeGreaterThanOrEqual(10_000);
    handle.sqlite?.pragma('wal_checkpoint(FULL)');
    const before = fs.statSync(file).size;
    const big = 'x'.repeat(2_000);
    for (let batch = 0; batch < 10; batch++) {
      await handle.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 300; i++) await sql`insert into kv_probe (v) values (${big})`.execute(trx);
      });
    }
    // this connection does not checkpoint that little: the worker's checkpoints move it into the file
    await vi.waitFor(() => expect(fs.statSync(file).size).toBeGreaterThan(before + 5_000_000), { timeout: 10_000, interval: 100 });
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
