import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, migrate, openDatabase } from './index.ts';
import { reusable, reusableList } from './reusable.ts';

describe('reusable statements', () => {
  let handle: DbHandle;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-reusable-'));
  beforeAll(async () => {
    handle = await openDatabase({ dataDir });
    await migrate(handle);
    await handle.db
      .insertInto('friends')
      .values([
        { user_id: 1, friend_id: 2, nickname: 'two', created_at: 0 },
        { user_id: 2, friend_id: 1, nickname: 'one', created_at: 0 },
        { user_id: 3, friend_id: 1, nickname: 'one', created_at: 0 },
      ])
      .execute();
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds once per shape and answers each run with its own parameters', async () => {
    let builds = 0;
    const friendsOf = reusable({
      build: (db, ids: number[]) => {
        builds++;
        return db.selectFrom('friends').select(['user_id', 'friend_id']).where('user_id', 'in', ids).orderBy('user_id').orderBy('friend_id');
      },
      params: (ids) => ids,
      shape: (ids) => ids.length,
    });
    expect(await friendsOf(handle.db, [1])).toEqual([{ user_id: 1, friend_id: 2 }]);
    expect(await friendsOf(handle.db, [2])).toEqual([{ user_id: 2, friend_id: 1 }]);
    expect(await friendsOf(handle.db, [2, 3])).toEqual([
      { user_id: 2, friend_id: 1 },
      { user_id: 3, friend_id: 1 },
    ]);
    expect(await friendsOf(handle.db, [1, 9])).toEqual([{ user_id: 1, friend_id: 2 }]);
    expect(builds).toBe(2);
    // inside a transaction too, with the database's texts
    await handle.db.transaction().execute(async (trx) => {
      expect(await friendsOf(trx, [3])).toEqual([{ user_id: 3, friend_id: 1 }]);
    });
    expect(builds).toBe(2);
  });

  it("outside another caller's open transaction it waits for its end and never sees its writes; inside its own it sees them", async () => {
    const friendOf = reusable({
      build: (db, id: number) => db.selectFrom('friends').select('friend_id').where('user_id', '=', id),
      params: (id) => [id],
    });
    expect(await friendOf(handle.db, 7)).toEqual([]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let outside: Promise<unknown[]> | undefined;
    const rolledBack = handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('friends').values({ user_id: 7, friend_id: 8, nickname: '', created_at: 0 }).execute();
        expect(await friendOf(trx, 7)).toEqual([{ friend_id: 8 }]);
        outside = friendOf(handle.db, 7);
        await held;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await new Promise((r) => setTimeout(r, 20));
    let answered = false;
    void outside?.then(() => {
      answered = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    release();
    expect(await rolledBack).toBe('rolled back');
    expect(await outside).toEqual([]);
  });

  it('shapes past maxShape are built every time', async () => {
    let builds = 0;
    const friendsOf = reusable({
      build: (db, ids: number[]) => {
        builds++;
        return db.selectFrom('friends').select('friend_id').where('user_id', 'in', ids);
      },
      params: (ids) => ids,
      shape: (ids) => ids.length,
      maxShape: 1,
    });
    await friendsOf(handle.db, [1, 2]);
    await friendsOf(handle.db, [1, 2]);
    expect(builds).toBe(2);
  });

  it('refuses parameters in another order than the built statement takes them, on the first run', async () => {
    const wrong = reusable({
      build: (db, [a, b]: [number, string]) => db.selectFrom('friends').select('friend_id').where('user_id', '=', a).where('nickname', '=', b),
      params: ([a, b]) => [b, a],
    });
    await expect(wrong(handle.db, [1, 'two'])).rejects.toThrow(/params\(\) disagrees/);
  });

  it('runs a list in parts of power-of-two lengths, so a few statements serve every length', async () => {
    const parts: number[] = [];
    const friendsOf = reusableList({
      build: (db, ids: number[]) => {
        parts.push(ids.length);
        return db.selectFrom('friends').select(['user_id', 'friend_id']).where('user_id', 'in', ids);
      },
      params: (ids) => ids,
      maxPart: 8,
    });
    const ids = [...Array.from({ length: 20 }, (_, i) => 100 + i), 3, 2];
    const answered = await friendsOf(handle.db, ids);
    expect(answered.map((r) => r.user_id).sort()).toEqual([2, 3]);
    // 22 ids: 8, 8, 4, 2
    expect(parts).toEqual([8, 4, 2]);
    // every length up to 30 reuses those and adds at most the single
    for (let n = 1; n <= 30; n++) await friendsOf(handle.db, ids.slice(0, n));
    expect(parts.sort((a, b) => a - b)).toEqual([1, 2, 4, 8]);
    expect(await friendsOf(handle.db, [])).toEqual([]);
    expect(() => reusableList({ build: (db, ids: number[]) => db.selectFrom('friends').selectAll().where('user_id', 'in', ids), params: (ids) => ids, maxPart: 6 })).toThrow(
      /power of two/,
    );
  });
});
