import type { Db } from '../../db/index.ts';

/** SQL of the friends module. Every function takes the connection to use (`db` or a transaction). */
export const friendsStore = {
  request: (db: Db, id: number) => db.selectFrom('friend_requests').selectAll().where('id', '=', id).executeTakeFirst(),

  /** The request row of one direction (one row per ordered pair; renewed requests reuse it). */
  requestFromTo: (db: Db, from: number, to: number) =>
    db
      .selectFrom('friend_requests')
      .selectAll()
      .where('from_user', '=', from)
      .where('to_user', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirst(),

  insertRequest: (db: Db, from: number, to: number, remark: string, now: number) =>
    db
      .insertInto('friend_requests')
      .values({ from_user: from, to_user: to, remark, status: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow(),

  /** Makes the row pending again with a new remark (a repeated or renewed request). */
  renewRequest: (db: Db, id: number, remark: string, now: number) =>
    db.updateTable('friend_requests').set({ remark, status: 0, updated_at: now }).where('id', '=', id).execute(),

  /** Answers a pending request; returns whether this call answered it (false when already answered). */
  async answer(db: Db, id: number, status: 1 | 2, now: number): Promise<boolean> {
    const res = await db
      .updateTable('friend_requests')
      .set({ status, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  },

  /** Any still-pending request between the two (both directions) becomes agreed. */
  settlePending: (db: Db, a: number, b: number, now: number) =>
    db
      .updateTable('friend_requests')
      .set({ status: 1, updated_at: now })
      .where('status', '=', 0)
      .where((eb) =>
        eb.or([
          eb.and([eb('from_user', '=', a), eb('to_user', '=', b)]),
          eb.and([eb('from_user', '=', b), eb('to_user', '=', a)]),
        ]),
      )
      .execute(),

  /** Requests sent to and/or by `me`, newest first. */
  listRequests: (db: Db, me: number, type: 'received' | 'sent' | 'all', limit: number, offset: number) => {
    let q = db.selectFrom('friend_requests').selectAll();
    if (type === 'received') q = q.where('to_user', '=', me);
    else if (type === 'sent') q = q.where('from_user', '=', me);
    else q = q.where((eb) => eb.or([eb('to_user', '=', me), eb('from_user', '=', me)]));
    return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
  },

  async pendingCount(db: Db, me: number): Promise<number> {
    const row = await db
      .selectFrom('friend_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('to_user', '=', me)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** Both sides of a friendship (idempotent). */
  insertFriendship: (db: Db, a: number, b: number, now: number) =>
    db
      .insertInto('friends')
      .values([
        { user_id: a, friend_id: b, nickname: '', created_at: now },
        { user_id: b, friend_id: a, nickname: '', created_at: now },
      ])
      .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
      .execute(),

  /** Removes both sides; returns how many rows went. */
  async deleteFriendship(db: Db, a: number, b: number): Promise<number> {
    const res = await db
      .deleteFrom('friends')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]),
          eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)]),
        ]),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  },

  async setNickname(db: Db, me: number, friendId: number, nickname: string): Promise<boolean> {
    const res = await db
      .updateTable('friends')
      .set({ nickname })
      .where('user_id', '=', me)
      .where('friend_id', '=', friendId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  },

  /** My friendships: who, my remark name for them, since when. */
  friendships: (db: Db, me: number) =>
    db.selectFrom('friends').select(['friend_id', 'nickname as remark', 'created_at']).where('user_id', '=', me).execute(),

  friendIds: async (db: Db, me: number) =>
    (await db.selectFrom('friends').select('friend_id').where('user_id', '=', me).execute()).map((r) => r.friend_id),
};
