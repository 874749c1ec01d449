import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { PUBLIC_COLUMNS } from './profile.ts';

/** SQL of the users module. */
export function usersStore(db: Db) {
  return {
    findUser: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    findByAccountKey: (accountKey: string) =>
      db.selectFrom('users').select(['id']).where('account_key', '=', accountKey).executeTakeFirst(),

    /** Verified accounts other than `exceptId` using this e-mail. */
    verifiedEmailOwner: (email: string, exceptId: number) =>
      db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .where('verified', '=', 1)
        .where('id', '!=', exceptId)
        .executeTakeFirst(),

    updateUser: (
      id: number,
      set: Partial<{ nickname: string; gender: string; signature: string; email: string; verified: number; account: string; account_key: string; password_hash: string }>,
    ) => db.updateTable('users').set(set).where('id', '=', id).execute(),

    /** Exact account (case-insensitive) or nickname substring, live accounts, not `me`; exact accounts first. */
    search: (me: number, keywords: string, limit: number) => {
      const lower = keywords.toLowerCase();
      const pattern = `%${lower.replace(/[!%_]/g, (m) => `!${m}`)}%`;
      return db
        .selectFrom('users')
        .select(PUBLIC_COLUMNS)
        .where('id', '!=', me)
        .where('status', '=', 1)
        .where((eb) => eb.or([eb('account_key', '=', lower), sql<boolean>`lower(nickname) like ${pattern} escape '!'`]))
        .orderBy(sql`case when account_key = ${lower} then 0 else 1 end`)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}
