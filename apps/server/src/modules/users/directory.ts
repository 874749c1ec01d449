import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { UserCard } from '../../context.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { dialectOf, idIn } from '../../db/idList.ts';
import { likeLower } from '../../db/like.ts';
import { reusable } from '../../db/reusable.ts';
import { PUBLIC_COLUMNS, type PublicRow } from './profile.ts';

/**
 * The read side of users that other modules use: names and avatars shown beside their content,
 * public profiles, existence. No other module queries the users table. Every function takes the
 * connection to use (the db or a transaction).
 */

export type { UserCard };

const CARD_COLUMNS = ['id', 'nickname', 'avatar', 'avatar_color'] as const;

/** Longer lists of ids are bound as one parameter (see idIn). */
const CARDS_LISTED_MAX = 20;

/** The card of each of `ids` that exists. */
export async function userCards(db: Db, ids: readonly number[]): Promise<Map<number, UserCard>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)];
  // a long list (a chat list's 1,000 users) as one parameter: one statement text, not one per length
  const rows =
    unique.length > CARDS_LISTED_MAX
      ? await db.selectFrom('users').select(CARD_COLUMNS).where(idIn(dialectOf(db), 'id', unique)).execute()
      : await cardsOf(db, unique);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The cards' query: every send reads its sender's, so the short lists' statements are reused. */
const cardsOf = reusable({
  build: (db, ids: number[]) => db.selectFrom('users').select(CARD_COLUMNS).where('id', 'in', ids),
  params: (ids) => ids,
  shape: (ids) => ids.length,
  maxShape: CARDS_LISTED_MAX,
});

export async function userCard(db: Db, id: number): Promise<UserCard | undefined> {
  return (await userCards(db, [id])).get(id);
}

/** The public columns of each of `ids` that exists (never the password hash). */
export async function publicProfiles(db: Db, ids: readonly number[]): Promise<PublicRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', 'in', [...new Set(ids)]).execute();
}

export async function publicProfile(db: Db, id: number): Promise<PublicRow | undefined> {
  return (await publicProfiles(db, [id]))[0];
}

/** User `id`'s row (none when no such user), as a subquery to run with another statement. */
export function userRow(db: Db, id: number) {
  return db.selectFrom('users').select('id').where('id', '=', id);
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await userRow(db, id).executeTakeFirst()) !== undefined;
}

/**
 * Locks the users' rows until the transaction `trx` ends, in id order (no deadlock between two
 * callers): serializes writes about these users. Only PostgreSQL needs it; SQLite runs one
 * transaction at a time on its single connection already.
 */
export async function lockUsers(trx: Db, dialect: Dialect, ids: number[]): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/**
 * A condition for another module's query: the user whose id is in `userIdColumn` has a nickname
 * containing `keyword` (case-insensitive). One primary-key lookup per row tested.
 */
export function nicknameContains(userIdColumn: string, keyword: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from users u where u.id = ${sql.ref(userIdColumn)} and ${likeLower('u.nickname', keyword)})`;
}

/** Sets the avatar link (the uploads module, in the transaction that stores the picture). */
export async function setAvatar(db: Db, userId: number, url: string): Promise<void> {
  await db.updateTable('users').set({ avatar: url }).where('id', '=', userId).execute();
}
