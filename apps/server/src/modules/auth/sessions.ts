import type { Db } from '../../db/index.ts';

/**
 * The session rows other modules may ask about or end (devices, password change). Only the auth
 * module writes `sessions`; `db` may be a transaction.
 */
export function sessionsOf(db: Db) {
  return {
    liveSessions: (userId: number, now: number) =>
      db
        .selectFrom('sessions')
        .select(['id', 'device', 'cid', 'user_agent', 'ip', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('last_used_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /** Revokes one live session of the user; false when it is not theirs or not live. */
    revokeSession: async (userId: number, id: number, now: number) => {
      const res = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Revokes every other live session of the user (only those of `device` when given); returns their ids. */
    revokeOthers: async (userId: number, keepId: number, now: number, device?: string) => {
      let q = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId);
      if (device !== undefined) q = q.where('device', '=', device);
      const rows = await q.where('id', '!=', keepId).where('revoked_at', 'is', null).returning('id').execute();
      return rows.map((r) => r.id);
    },
  };
}
