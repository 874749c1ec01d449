import type { Db } from '../../db/index.ts';
import type { PushSubscriptionsTable } from '../../db/schema.ts';

/** A subscription as the sender needs it, with its owner's preview setting. */
export interface PushTarget {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  preview: number;
}

export type NewSubscription = Omit<PushSubscriptionsTable, 'id'>;

/** SQL of push subscriptions (indexes push_subscriptions_endpoint, _user, _session) and push settings. */
export function webPushStore(db: Db) {
  async function removeIds(ids: number[]): Promise<void> {
    if (ids.length > 0) await db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
  }

  return {
    /** Inserts the subscription, or gives the endpoint's row to this user and session with the new keys. */
    async save(row: NewSubscription): Promise<void> {
      const { endpoint, ...owner } = row;
      await db
        .insertInto('push_subscriptions')
        .values(row)
        .onConflict((oc) => oc.column('endpoint').doUpdateSet(owner))
        .execute();
    },

    /** Deletes the user's subscriptions beyond the newest `keep`. */
    async trim(userId: number, keep: number): Promise<void> {
      const old = await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1_000)
        .execute();
      await removeIds(old.map((r) => r.id));
    },

    /** Deletes one of the user's subscriptions; false when the user has none with that endpoint. */
    async removeOwn(userId: number, endpoint: string): Promise<boolean> {
      const res = await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    removeIds,

    async removeOfSessions(sessionIds: number[]): Promise<void> {
      if (sessionIds.length > 0) await db.deleteFrom('push_subscriptions').where('session_id', 'in', sessionIds).execute();
    },

    /** The subscriptions of these users (at most `limit`), each with its owner's preview setting. */
    async targetsOf(userIds: number[], limit: number): Promise<PushTarget[]> {
      if (userIds.length === 0 || limit <= 0) return [];
      const rows = await db
        .selectFrom('push_subscriptions as s')
        .leftJoin('push_settings as p', 'p.user_id', 's.user_id')
        .select(['s.id', 's.user_id', 's.endpoint', 's.p256dh', 's.auth', 'p.preview'])
        .where('s.user_id', 'in', userIds)
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id), preview: r.preview === null ? 1 : Number(r.preview) }));
    },

    async preview(userId: number): Promise<number> {
      const row = await db.selectFrom('push_settings').select('preview').where('user_id', '=', userId).executeTakeFirst();
      return row ? Number(row.preview) : 1;
    },

    async setPreview(userId: number, preview: number, at: number): Promise<void> {
      await db
        .insertInto('push_settings')
        .values({ user_id: userId, preview, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ preview, updated_at: at }))
        .execute();
    },
  };
}

export type WebPushStore = ReturnType<typeof webPushStore>;
