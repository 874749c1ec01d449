import type { Db } from '../../db/index.ts';

export function systemStore(db: Db) {
  return {
    async readAll(): Promise<Record<string, string>> {
      const rows = await db.selectFrom('system_config').select(['key', 'value']).execute();
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    },
    async read(key: string): Promise<string | undefined> {
      return (await db.selectFrom('system_config').select('value').where('key', '=', key).executeTakeFirst())?.value;
    },
    /** Writes `value` unless the key has one (the first of racing nodes wins). */
    async writeOnce(key: string, value: string): Promise<void> {
      await db.insertInto('system_config').values({ key, value }).onConflict((oc) => oc.column('key').doNothing()).execute();
    },
    async write(key: string, value: string): Promise<void> {
      await db
        .insertInto('system_config')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
    insertCode: (row: { target: string; purpose: string; code_hash: string; expires_at: number; created_at: number }) =>
      db.insertInto('verification_codes').values(row).execute(),
    lastCodeAt: async (target: string) => {
      const row = await db
        .selectFrom('verification_codes')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('target', '=', target)
        .executeTakeFirst();
      return row?.at == null ? 0 : Number(row.at);
    },
    /** A usable (unused, unexpired) code matching the hash. */
    findCode: (target: string, purpose: string, codeHash: string, now: number) =>
      db
        .selectFrom('verification_codes')
        .select('id')
        .where('target', '=', target)
        .where('purpose', '=', purpose)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),
    /** Marks a code used; false when another call used it first. */
    useCode: async (id: number, now: number) => {
      const res = await db
        .updateTable('verification_codes')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
  };
}
