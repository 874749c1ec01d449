import { type SqlBool, sql } from 'kysely';
import type { FriendRelations } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { dialectOf, idIn } from '../../db/idList.ts';
import { likeLower } from '../../db/like.ts';
import { reusable } from '../../db/reusable.ts';
import type { Bus } from '../../realtime/bus.ts';
import { recentReads } from '../../recentReads.ts';

/** Whether `a` has `b` as a friend (friendships are stored once per side). */
export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('friends')
    .select('user_id')
    .where('user_id', '=', a)
    .where('friend_id', '=', b)
    .executeTakeFirst();
  return row !== undefined;
}

/** The remark names `viewer` gave to `ids` (only those that have one). */
export async function remarksOf(db: Db, viewer: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('friends')
    .select(['friend_id', 'nickname'])
    .where('user_id', '=', viewer)
    .where(idIn(dialectOf(db), 'friend_id', ids))
    .where('nickname', '!=', '')
    .execute();
  return new Map(rows.map((r) => [r.friend_id, r.nickname]));
}

/** The friendship rows between two users, both directions (one primary-key probe each); every private send asks. */
const bothDirections = reusable({
  build: (db, [a, b]: [number, number]) =>
    db.selectFrom('friends').select(['user_id', 'friend_id']).where('user_id', 'in', [a, b]).where('friend_id', 'in', [a, b]),
  params: ([a, b]) => [a, b, a, b],
});

/**
 * How long a friendship seen by `mutual` is trusted without reading it again. Every private send
 * asks; an ended friendship is forgotten at once, on every node (`ended`). A new one needs nothing:
 * only friendships are kept, never their absence.
 */
const MUTUAL_TTL_MS = 10_000;
/** pairs kept at most (the map starts over when full) */
const MUTUAL_KEPT_MAX = 100_000;

/** The friendships read side other modules get as `ctx.friends`. */
export function friendRelations(db: Db, bus?: Bus): FriendRelations {
  /** whether each pair is friends, by `pairKey` */
  const seen = recentReads<string, boolean>(MUTUAL_TTL_MS, MUTUAL_KEPT_MAX);
  const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
  const forget = (a: number, b: number) => seen.forget(pairKey(a, b));
  bus?.onMessage((msg) => {
    if (msg.kind === 'friendshipEnded') forget(msg.users[0], msg.users[1]);
  });

  return {
    remarksOf: (viewer, ids) => remarksOf(db, viewer, ids),
    async mutual(a, b) {
      if (a === b) return false;
      return seen.read(
        pairKey(a, b),
        async () => (await bothDirections(db, [a, b])).filter((r) => r.user_id !== r.friend_id).length === 2,
        (mutual) => mutual,
      );
    },
    ended(a, b) {
      forget(a, b);
      bus?.publish({ kind: 'friendshipEnded', users: [a, b] });
    },
    async friendsAmong(user, ids) {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('friends').select('friend_id').where('user_id', '=', user).where('friend_id', 'in', ids).execute();
      return new Set(rows.map((r) => r.friend_id));
    },
    async friendIdsOf(user) {
      const rows = await db.selectFrom('friends').select('friend_id').where('user_id', '=', user).execute();
      return rows.map((r) => r.friend_id);
    },
    async friendRemarks(viewer, ids) {
      if (ids?.length === 0) return new Map();
      let q = db.selectFrom('friends').select(['friend_id', 'nickname']).where('user_id', '=', viewer);
      if (ids) q = q.where('friend_id', 'in', ids);
      return new Map((await q.execute()).map((r) => [r.friend_id, r.nickname]));
    },
    remarkContains: (viewer, userIdColumn, keyword) =>
      sql<SqlBool>`exists (select 1 from friends f where f.user_id = ${viewer} and f.friend_id = ${sql.ref(userIdColumn)} and ${likeLower('f.nickname', keyword)})`,
  };
}
