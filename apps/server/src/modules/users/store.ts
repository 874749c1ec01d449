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

    /** Who sees my name and avatar: my friends and the members of my groups (not me). */
    profileAudience: async (me: number): Promise<number[]> => {
      const [friends, coMembers] = await Promise.all([
        db.selectFrom('friends').select('friend_id as id').where('user_id', '=', me).execute(),
        db
          .selectFrom('group_members as mine')
          .innerJoin('group_members as other', 'other.group_id', 'mine.group_id')
          .select('other.user_id as id')
          .distinct()
          .where('mine.user_id', '=', me)
          .where('other.user_id', '!=', me)
          .execute(),
      ]);
      return [...new Set([...friends, ...coMembers].map((r) => Number(r.id)))];
    },

    friendIdsAmong: async (me: number, ids: number[]) => {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await db
        .selectFrom('friends')
        .select(['friend_id', 'nickname'])
        .where('user_id', '=', me)
        .where('friend_id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.friend_id, r.nickname]));
    },

    /** A usable (unused, unexpired) e-mail verification code matching the hash. */
    findCode: (target: string, codeHash: string, now: number) =>
      db
        .selectFrom('verification_codes')
        .select('id')
        .where('target', '=', target)
        .where('purpose', '=', 'verify')
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
