import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { SessionsTable, UsersTable } from '../../db/schema.ts';
import { sessionsOf } from './sessions.ts';

export function authStore(db: Db) {
  return {
    findUserByAccount: (accountKey: string) =>
      db.selectFrom('users').selectAll().where('account_key', '=', accountKey).executeTakeFirst(),

    findUser: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    insertUser: (row: Insertable<UsersTable>) => db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow(),

    insertSession: (row: Insertable<SessionsTable>) =>
      db.insertInto('sessions').values(row).returning('id').executeTakeFirstOrThrow(),

    findLiveSession: (tokenHash: string, now: number) =>
      db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'device', 'last_used_at'])
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    touchSession: (id: number, now: number) =>
      db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute(),

    revokeSession: (id: number, now: number) =>
      db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute(),

    /** Revokes the user's other live sessions of a device kind; returns their ids. */
    revokeOtherSessions: (userId: number, device: string, keepId: number, now: number): Promise<number[]> => sessionsOf(db).revokeOthers(userId, keepId, now, device),

    /** Whether this device (`cid` header) ever signed in to the account. */
    hasSignedInFrom: async (userId: number, cid: string) =>
      (await db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('cid', '=', cid.slice(0, 128))
        .limit(1)
        .executeTakeFirst()) !== undefined,
  };
}
